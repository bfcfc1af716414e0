package bench

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"
)

// Plot is a small line chart: one line per series over shared x values,
// each point a median with a p10–p90 error bar. The x axis is logarithmic
// when LogX is set (node sizes span 0..10,000), with 0 drawn at the left
// edge.
type Plot struct {
	Title  string
	XLabel string
	YLabel string
	LogX   bool
	// LogY draws y on decades, so curves an order of magnitude apart
	// both show their shape (and equal ratios look equal).
	LogY   bool
	Series []PlotSeries
}

// PlotSeries is one line; Points are sorted by X.
type PlotSeries struct {
	Name   string
	Points []PlotPoint
}

// PlotPoint is one median with its spread, all in the Y unit.
type PlotPoint struct {
	X, Y, Lo, Hi float64
}

const (
	svgW, svgH                    = 640, 360
	padL, padR, padT, padB        = 70, 170, 40, 50
	plotW                         = svgW - padL - padR
	plotH                         = svgH - padT - padB
	legendX                       = svgW - padR + 15
	tickCount                     = 5
	errCap                        = 4
	fontAttrs                     = `font-family="sans-serif" font-size="12"`
	axisColor, gridColor, txtColr = "#333", "#ddd", "#222"
)

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"}

// WriteSVG renders the plot as a standalone SVG document.
func (p *Plot) WriteSVG(w io.Writer) error {
	xs, ymin, ymax := p.extent()
	if len(xs) == 0 {
		return fmt.Errorf("plot %q: no points", p.Title)
	}
	xpos := p.xScale(xs)
	ypos, yticks := p.yScale(ymin, ymax)

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", svgW, svgH, svgW, svgH)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="22" %s font-weight="bold" fill="%s">%s</text>`+"\n", padL, fontAttrs, txtColr, html.EscapeString(p.Title))
	// Horizontal grid and y ticks.
	for _, v := range yticks {
		y := ypos(v)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>`+"\n", padL, y, padL+plotW, y, gridColor)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" %s text-anchor="end" fill="%s">%s</text>`+"\n", padL-6, y+4, fontAttrs, txtColr, fmtYTick(v))
	}
	// X ticks at the data's x values.
	for _, x := range xs {
		px := xpos(x)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>`+"\n", px, padT+plotH, px, padT+plotH+5, axisColor)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" %s text-anchor="middle" fill="%s">%s</text>`+"\n", px, padT+plotH+18, fontAttrs, txtColr, fmtTick(x))
	}
	// Axes and labels.
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`+"\n", padL, padT, padL, padT+plotH, axisColor)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`+"\n", padL, padT+plotH, padL+plotW, padT+plotH, axisColor)
	fmt.Fprintf(&b, `<text x="%d" y="%d" %s text-anchor="middle" fill="%s">%s</text>`+"\n", padL+plotW/2, svgH-10, fontAttrs, txtColr, html.EscapeString(p.XLabel))
	fmt.Fprintf(&b, `<text x="16" y="%d" %s text-anchor="middle" fill="%s" transform="rotate(-90 16 %d)">%s</text>`+"\n", padT+plotH/2, fontAttrs, txtColr, padT+plotH/2, html.EscapeString(p.YLabel))
	// Series: error bars, line, markers, legend entry.
	for i, s := range p.Series {
		color := palette[i%len(palette)]
		var path []string
		for _, pt := range s.Points {
			x, y := xpos(pt.X), ypos(pt.Y)
			path = append(path, fmt.Sprintf("%.1f,%.1f", x, y))
			lo, hi := ypos(pt.Lo), ypos(pt.Hi)
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1"/>`+"\n", x, lo, x, hi, color)
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x-errCap, lo, x+errCap, lo, color)
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x-errCap, hi, x+errCap, hi, color)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x, y, color)
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(path, " "), color)
		ly := padT + 10 + i*18
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>`+"\n", legendX, ly, legendX+18, ly, color)
		fmt.Fprintf(&b, `<text x="%d" y="%d" %s fill="%s">%s</text>`+"\n", legendX+24, ly+4, fontAttrs, txtColr, html.EscapeString(s.Name))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// extent returns the distinct x values (sorted) and the smallest and
// largest y (error bars included).
func (p *Plot) extent() ([]float64, float64, float64) {
	seen := map[float64]bool{}
	var xs []float64
	ymin, ymax := math.Inf(1), 0.0
	for _, s := range p.Series {
		for _, pt := range s.Points {
			if !seen[pt.X] {
				seen[pt.X] = true
				xs = append(xs, pt.X)
			}
			ymax = math.Max(ymax, math.Max(pt.Y, pt.Hi))
			for _, v := range []float64{pt.Y, pt.Lo} {
				if v > 0 {
					ymin = math.Min(ymin, v)
				}
			}
		}
	}
	slices.Sort(xs)
	if ymax <= 0 {
		ymax = 1
	}
	if math.IsInf(ymin, 1) || ymin > ymax {
		ymin = ymax / 10
	}
	return xs, ymin, ymax
}

// yScale maps y values to pixels and returns the tick values: linear from
// 0 to a round maximum, or decades (with 2 and 5 between them when few)
// when LogY.
func (p *Plot) yScale(ymin, ymax float64) (func(float64) float64, []float64) {
	if !p.LogY {
		top := niceCeil(ymax)
		var ticks []float64
		for i := 0; i <= tickCount; i++ {
			ticks = append(ticks, top*float64(i)/tickCount)
		}
		return func(v float64) float64 { return padT + plotH - v/top*plotH }, ticks
	}
	lo := math.Floor(math.Log10(ymin))
	hi := math.Ceil(math.Log10(ymax))
	if hi <= lo {
		hi = lo + 1
	}
	var ticks []float64
	for e := lo; e <= hi; e++ {
		d := math.Pow(10, e)
		ticks = append(ticks, d)
		if hi-lo <= 2 && e < hi {
			ticks = append(ticks, 2*d, 5*d)
		}
	}
	return func(v float64) float64 {
		if v <= 0 {
			v = math.Pow(10, lo)
		}
		return padT + plotH - (math.Log10(v)-lo)/(hi-lo)*plotH
	}, ticks
}

// xScale maps x values to pixels: log10(x+1) when LogX (so 0 fits), else
// linear; a single x value sits in the middle.
func (p *Plot) xScale(xs []float64) func(float64) float64 {
	f := func(x float64) float64 { return x }
	if p.LogX {
		f = func(x float64) float64 { return math.Log10(x + 1) }
	}
	lo, hi := f(xs[0]), f(xs[len(xs)-1])
	if hi == lo {
		return func(float64) float64 { return padL + plotW/2 }
	}
	const inset = 20
	return func(x float64) float64 {
		return padL + inset + (f(x)-lo)/(hi-lo)*(plotW-2*inset)
	}
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	exp := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*exp >= v {
			return m * exp
		}
	}
	return 10 * exp
}

// fmtYTick prints a y value without the thousands shorthand (units are
// ms or µs there, "1k ms" would read oddly).
func fmtYTick(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%g", v)
	}
	return fmt.Sprintf("%.2g", v)
}

func fmtTick(v float64) string {
	switch {
	case v == math.Trunc(v) && math.Abs(v) >= 1000:
		return fmt.Sprintf("%gk", v/1000)
	case v == math.Trunc(v):
		return fmt.Sprintf("%g", v)
	default:
		return fmt.Sprintf("%.2g", v)
	}
}
