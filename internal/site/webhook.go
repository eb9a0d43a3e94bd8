package site

import (
	"net/netip"
	"net/url"
	"strings"
)

// MsgWebhookPrivate refuses a webhook URL that leads into the site's own
// host or network. Were such a URL accepted, whoever may set it could make
// the server send requests to services that are not public, and read
// their answers in the lead's deliveries.
const MsgWebhookPrivate = "The webhook URL points to a private or local network address; webhooks may only be sent to public addresses."

// internalPrefixes are the ranges, beyond those netip names, that no
// public receiver has.
var internalPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),      // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),  // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),   // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"),  // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),    // reserved, and the broadcast address
	netip.MustParsePrefix("::/96"),          // IPv4-compatible (deprecated), with :: and ::1
	netip.MustParsePrefix("64:ff9b:1::/48"), // local-use NAT64
	netip.MustParsePrefix("fec0::/10"),      // site-local (deprecated)
	netip.MustParsePrefix("100::/64"),       // discard-only
	netip.MustParsePrefix("2001::/32"),      // Teredo: a tunnel to an IPv4 host
	netip.MustParsePrefix("2001:2::/48"),    // benchmarking
	netip.MustParsePrefix("5f00::/16"),      // segment routing
}

// nat64 is the well-known NAT64 prefix: its addresses reach the IPv4
// address in their last 32 bits.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// sixToFour is the 6to4 prefix: its addresses reach the IPv4 address in
// their bits 16 to 48 (2002:7f00:1:: is 127.0.0.1's).
var sixToFour = netip.MustParsePrefix("2002::/16")

// InternalAddr reports whether a is not a public unicast address: a
// loopback, private, link-local, unspecified, multicast or otherwise
// reserved address, also when written as IPv4-mapped IPv6, behind the
// NAT64 prefix or as the 6to4 address of one.
func InternalAddr(a netip.Addr) bool {
	if !a.IsValid() {
		return true
	}
	a = a.Unmap().WithZone("")
	if nat64.Contains(a) {
		b := a.As16()
		return InternalAddr(netip.AddrFrom4([4]byte(b[12:])))
	}
	if sixToFour.Contains(a) {
		b := a.As16()
		return InternalAddr(netip.AddrFrom4([4]byte(b[2:6])))
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range internalPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// WebhookHost returns the host of a webhook URL that Validate accepted,
// and its address when the host is an IP literal, which it checks. It
// refuses, with a field error on webhookUrl, an internal address, a name
// of the local host (localhost, *.localhost), and a host that a resolver
// would read as an IPv4 address written otherwise than as four decimal
// numbers (2130706433, 0x7f000001, 0177.0.0.1, 127.1), which would
// otherwise pass for a name. A name's addresses are the caller's to check
// (CheckWebhookAddrs): finding them is I/O.
func WebhookHost(rawURL string) (host string, addr netip.Addr, err error) {
	u, perr := url.Parse(rawURL)
	if perr != nil {
		return "", netip.Addr{}, webhookURLError("The webhook URL must be an http:// or https:// address.")
	}
	host = strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "" {
		return "", netip.Addr{}, webhookURLError("The webhook URL must name a host.")
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return "", netip.Addr{}, webhookURLError(MsgWebhookPrivate)
	}
	if a, perr := netip.ParseAddr(host); perr == nil {
		if InternalAddr(a) {
			return "", netip.Addr{}, webhookURLError(MsgWebhookPrivate)
		}
		return host, a, nil
	}
	if numericHost(host) {
		return "", netip.Addr{}, webhookURLError("Write the webhook URL's address as four decimal numbers (such as 203.0.113.7) or use a host name.")
	}
	return host, netip.Addr{}, nil
}

// CheckWebhookAddrs refuses the addresses a webhook's host name resolved
// to when any of them is internal.
func CheckWebhookAddrs(addrs []netip.Addr) error {
	for _, a := range addrs {
		if InternalAddr(a) {
			return webhookURLError(MsgWebhookPrivate)
		}
	}
	return nil
}

// numericHost reports whether every dot-separated part of host is a
// number, decimal, octal (leading 0) or hex (0x): what inet_aton reads as
// an IPv4 address. No DNS name is all numbers: its last label never is.
func numericHost(host string) bool {
	for _, part := range strings.Split(host, ".") {
		digits := "0123456789"
		if len(part) > 1 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X') {
			part, digits = part[2:], "0123456789abcdefABCDEF"
		}
		if part == "" && digits == "0123456789" {
			return false
		}
		if strings.Trim(part, digits) != "" {
			return false
		}
	}
	return true
}

func webhookURLError(msg string) error {
	var v fieldErrors
	v.add("webhookUrl", msg)
	return v.err()
}
