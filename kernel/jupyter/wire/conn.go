package wire

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strconv"
)

// ConnectionInfo is the connection file a Jupyter client writes for the
// kernel: where to bind each socket and the key that signs messages.
type ConnectionInfo struct {
	Transport       string `json:"transport"` // "tcp" or "ipc"
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	ControlPort     int    `json:"control_port"`
	StdinPort       int    `json:"stdin_port"`
	IOPubPort       int    `json:"iopub_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name,omitempty"`
}

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (*ConnectionInfo, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c ConnectionInfo
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("connection file %s: %w", path, err)
	}
	if err := c.Check(); err != nil {
		return nil, fmt.Errorf("connection file %s: %w", path, err)
	}
	return &c, nil
}

// Check fills in the defaults (tcp, 127.0.0.1, hmac-sha256) and refuses
// what the kernel cannot serve.
func (c *ConnectionInfo) Check() error {
	switch c.Transport {
	case "":
		c.Transport = "tcp"
	case "tcp", "ipc":
	default:
		return fmt.Errorf("transport %q not supported (tcp or ipc)", c.Transport)
	}
	if c.IP == "" {
		c.IP = "127.0.0.1"
	}
	switch c.SignatureScheme {
	case "":
		c.SignatureScheme = "hmac-sha256"
	case "hmac-sha256":
	default:
		return fmt.Errorf("signature_scheme %q not supported (hmac-sha256)", c.SignatureScheme)
	}
	for _, p := range []int{c.ShellPort, c.ControlPort, c.StdinPort, c.IOPubPort, c.HBPort} {
		if p < 0 || p > 65535 {
			return fmt.Errorf("port %d out of range", p)
		}
	}
	return nil
}

// Endpoint is the ZeroMQ address of one socket. Jupyter names an ipc
// endpoint "ip-port" (a file path), a tcp one "ip:port"; port 0 binds a free
// port (the tests use that).
func (c *ConnectionInfo) Endpoint(port int) string {
	if c.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", c.IP, port)
	}
	return "tcp://" + net.JoinHostPort(c.IP, strconv.Itoa(port))
}
