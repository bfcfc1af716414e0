// Command echosrc answers every TCP connection with the source address
// and port it saw ("seen 198.19.255.12:20042"), then closes it. The demo
// runs it in its "remote" network namespace to show what SNAT did to a
// pod's traffic. It exits after -timeout, so it never outlives the demo.
//
//	echosrc -listen 198.19.1.1:8080,198.19.2.1:8080 -timeout 5m
package main

import (
	"bufio"
	"flag"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"
)

func main() {
	listen := flag.String("listen", "", "comma-separated addresses to listen on (required)")
	timeout := flag.Duration("timeout", 5*time.Minute, "exit after this long")
	flag.Parse()
	if *listen == "" {
		flag.Usage()
		os.Exit(2)
	}
	for _, addr := range strings.Split(*listen, ",") {
		l, err := net.Listen("tcp", addr)
		if err != nil {
			slog.Error("listen", "addr", addr, "err", err)
			os.Exit(1)
		}
		go serve(l)
	}
	time.Sleep(*timeout)
}

func serve(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			slog.Error("accept", "err", err)
			return
		}
		go answer(c)
	}
}

func answer(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	// Read the client's line first so it is not reset before it sent it.
	_, _ = bufio.NewReader(c).ReadString('\n')
	_, _ = c.Write([]byte("seen " + c.RemoteAddr().String() + "\n"))
}
