# One pod sending UDP: send.py SRC DST PORT SIZE [COUNT], bound to SRC
# (IP_FREEBIND, and IP_TRANSPARENT for IPv4 so a host socket may use a
# source the node does not hold); SIZE past the MTU fragments (DF off).
import socket, sys
src, dst, port, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
count = int(sys.argv[5]) if len(sys.argv) > 5 else 3
fam = socket.AF_INET6 if ':' in dst else socket.AF_INET
s = socket.socket(fam, socket.SOCK_DGRAM)
if fam == socket.AF_INET:
    s.setsockopt(socket.IPPROTO_IP, 10, 0)  # IP_MTU_DISCOVER = IP_PMTUDISC_DONT
s.setsockopt(socket.SOL_IP, 15, 1)  # IP_FREEBIND
if fam == socket.AF_INET: s.setsockopt(socket.SOL_IP, 19, 1)  # IP_TRANSPARENT: a source the node does not hold
s.bind((src, 0))
ok = 0
for _ in range(count):
    try:
        s.sendto(b'x' * size, (dst, port)); ok += 1
    except OSError as e:
        print("send error:", e.strerror); break
print("sent", ok)
