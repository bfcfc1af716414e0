package bench

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgsvg" // registers the svg format
)

// A chart is one figure of docs/benchmarks.md: per series, the medians
// joined by a line with a p10–p90 bar at each, over node sizes on a log
// axis.
//
// Log axes plot log10 of the values on gonum's linear scale rather than
// using plot.LogScale: gonum sizes an axis label around the arithmetic
// middle of the range, which on a log scale lies near the end and
// squeezes the plot. x is placed at log10(1+x), so 0 fits (node sizes
// start at 0 unrelated rules).
type chart struct {
	p      *plot.Plot
	logY   bool
	names  []string // series in first-seen order: the legend's
	series map[string]points
	xs     []float64 // node sizes measured, for the x ticks
}

// point is one median with its spread, in the chart's y unit.
type point struct{ X, Y, Lo, Hi float64 }

// points feeds gonum's line, scatter and error-bar plotters.
type points []point

func (ps points) Len() int                    { return len(ps) }
func (ps points) XY(i int) (float64, float64) { return ps[i].X, ps[i].Y }
func (ps points) YError(i int) (float64, float64) {
	return ps[i].Y - ps[i].Lo, ps[i].Hi - ps[i].Y
}

// newChart starts a chart; logY draws y on decades, so curves an order of
// magnitude apart both show their shape (equal ratios look equal),
// otherwise y starts at 0.
func newChart(title, xlabel, ylabel string, logY bool) *chart {
	c := &chart{p: plot.New(), logY: logY, series: map[string]points{}}
	c.p.Title.Text, c.p.X.Label.Text, c.p.Y.Label.Text = title, xlabel, ylabel
	if logY {
		c.p.Y.Tick.Marker, c.p.Y.AutoRescale = decadeTicks{}, true
	} else {
		c.p.Y.Min = 0
	}
	return c
}

// point adds s, scaled to unit, at x to series name. A summary without
// samples is left out: it has no place on a log axis.
func (c *chart) point(name string, x float64, s Summary, unit time.Duration) {
	if s.N == 0 {
		return
	}
	if _, ok := c.series[name]; !ok {
		c.names = append(c.names, name)
	}
	if !slices.Contains(c.xs, x) {
		c.xs = append(c.xs, x)
	}
	y := func(d time.Duration) float64 {
		if c.logY {
			return math.Log10(float64(d) / float64(unit))
		}
		return float64(d) / float64(unit)
	}
	c.series[name] = append(c.series[name], point{math.Log10(1 + x), y(s.Median), y(s.P10), y(s.P90)})
}

// Figure size: about the width of a rendered markdown page.
const chartW, chartH = 8 * vg.Inch, 4 * vg.Inch

// save draws the chart into path in the format its extension names (svg
// for the docs; the unit test also renders png, which needs vgimg). The
// legend goes beside the plot, not over the curves (up to nine series).
func (c *chart) save(path string) error {
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	c.p.Add(grid)
	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	for i, name := range c.names {
		pts := c.series[name]
		slices.SortFunc(pts, func(a, b point) int { return cmp.Compare(a.X, b.X) })
		line, marks, err := plotter.NewLinePoints(pts)
		if err != nil {
			return fmt.Errorf("plot %s, %s: %w", path, name, err)
		}
		bars, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return fmt.Errorf("plot %s, %s: %w", path, name, err)
		}
		// Colours repeat after seven series: the marker differs too,
		// and from the eighth series on the line is dashed.
		col := plotutil.DarkColors[i%len(plotutil.DarkColors)]
		line.Color, line.Width, line.Dashes = col, vg.Points(1.5), plotutil.Dashes(i/len(plotutil.DarkColors))
		marks.Color, marks.Shape, bars.Color = col, plotutil.Shape(i), col
		c.p.Add(bars, line, marks)
		legend.Add(name, line, marks)
	}
	var ticks plot.ConstantTicks
	for _, x := range c.xs {
		ticks = append(ticks, plot.Tick{Value: math.Log10(1 + x), Label: fmtTick(x)})
	}
	c.p.X.Tick.Marker = ticks
	// gonum's default face is Liberation Serif; sans-serif reads better
	// at tick-label size.
	for _, f := range []*font.Font{&c.p.Title.TextStyle.Font, &c.p.X.Label.TextStyle.Font, &c.p.Y.Label.TextStyle.Font,
		&c.p.X.Tick.Label.Font, &c.p.Y.Tick.Label.Font, &legend.TextStyle.Font} {
		f.Variant = "Sans"
	}
	c.p.Title.TextStyle.Font.Weight = xfont.WeightBold

	format := strings.TrimPrefix(filepath.Ext(path), ".")
	cv, err := draw.NewFormattedCanvas(chartW, chartH, format)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	// A white page: the plot fills only its own part, and a transparent
	// legend would be unreadable on a dark page.
	page := draw.New(cv)
	page.SetColor(color.White)
	page.Fill(page.Path())
	const margin, gap = vg.Length(6), vg.Length(12)
	dc := draw.Crop(page, margin, -margin, margin, -margin)
	legendW := legend.Rectangle(dc).Size().X
	c.p.Draw(draw.Crop(dc, 0, -legendW-gap, 0, 0))
	// The legend's top lines up with the plot's, below the title.
	titleH := c.p.Title.TextStyle.Rectangle(c.p.Title.Text).Size().Y + c.p.Title.Padding
	legend.Draw(draw.Crop(dc, dc.Size().X-legendW, 0, 0, -titleH))

	var b bytes.Buffer
	if _, err := cv.WriteTo(&b); err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	out := b.Bytes()
	if format == "svg" {
		// The SVG names the face the text was measured with and does not
		// embed it (that would add some 400 kB per figure). Arial and
		// Helvetica have Liberation Sans's metrics, so a viewer without
		// Liberation keeps the layout.
		out = bytes.ReplaceAll(out, []byte("font-family:Liberation Sans;"), []byte("font-family:Liberation Sans,Arial,Helvetica,sans-serif;"))
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	return nil
}

// decadeTicks marks a log10 axis at 1, 2 and 5 times the powers of ten,
// from the mark at or below the data to the one at or above it; with
// AutoRescale the axis spans those, so at least two are labelled (the
// curves span one or two decades, where gonum's LogTicks would label one
// value or none).
type decadeTicks struct{}

func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := int(math.Floor(lo)); ; e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow10(e)
			l := math.Log10(v)
			if l <= lo {
				ts = ts[:0] // only the last mark at or below the data
			}
			ts = append(ts, plot.Tick{Value: l, Label: strconv.FormatFloat(v, 'g', -1, 64)})
			if l >= hi {
				return ts
			}
		}
	}
}

// fmtTick prints a node size: 10k rather than 10000.
func fmtTick(v float64) string {
	if v >= 1000 && math.Mod(v, 1000) == 0 {
		return fmt.Sprintf("%gk", v/1000)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
