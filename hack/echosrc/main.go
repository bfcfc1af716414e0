// Command echosrc is the tests' and the demo's traffic tool, in two roles.
//
// Without a mode (flags only) it is the remote's listener: it answers
// every TCP connection with the source address and port it saw ("seen
// 198.19.255.12:20042"), then closes it. The demo runs it in its "remote"
// network namespace to show what SNAT did to a pod's traffic. It exits
// after -timeout, so it never outlives the demo.
//
//	echosrc -listen 198.19.1.1:8080,198.19.2.1:8080 -timeout 5m
//
// With a mode it sends a bounded burst of UDP datagrams from inside a pod
// (it is in the test node's app image, at /bin/echosrc): the e2e suite's
// spoofing pod (test/e2e/spoof_test.go) sends with another pod's source
// address, each way a pod with the default capabilities can:
//
//	echosrc spoof-udp         --src A --dst R:PORT  raw IPv4 (IP_HDRINCL), any source (CAP_NET_RAW)
//	echosrc spoof-udp6        --src A --dst R:PORT  raw IPv6 (IPPROTO_RAW: header included), any source (CAP_NET_RAW)
//	echosrc spoof-transparent --src A --dst R:PORT  UDP socket with IP(V6)_TRANSPARENT bound to a foreign address
//	echosrc send-udp          --src A --dst R:PORT  an ordinary UDP socket bound to A (an address of the pod's own)
//
// with --sport (the source port), --count, --interval and --tag (each
// datagram's payload is TAG followed by its sequence number). It sends
// only to the test ranges (198.19.0.0/16, 2001:2::/48), at most 1000
// datagrams within 30 s, prints "sent N ..." and exits non-zero if any
// send failed. And, for a container with CAP_NET_ADMIN, what busybox's ip
// cannot do:
//
//	echosrc addr-add --dev eth0 --addr 2001:2:0:10::5/128  add an address without duplicate address detection (IFA_F_NODAD)
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
	if len(os.Args) > 1 && os.Args[1] == "addr-add" {
		os.Exit(addrAddMain(os.Args[2:], os.Stderr))
	}
	if len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-") {
		os.Exit(sendMain(os.Args[1], os.Args[2:], os.Stdout, os.Stderr))
	}
	listenMain()
}

func listenMain() {
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
