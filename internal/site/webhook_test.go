package site

import (
	"net/netip"
	"testing"
)

func TestWebhookHost(t *testing.T) {
	t.Run("RefusesInternalAndDisguisedAddresses", func(t *testing.T) {
		for _, u := range []string{
			"http://127.0.0.1:5432/",
			"http://169.254.169.254/latest/meta-data/",
			"http://[::1]:8080/",
			"http://[::ffff:127.0.0.1]/",
			"http://[::ffff:10.0.0.1]/",
			"http://[fe80::1%25eth0]/",
			"http://[fd00::1]/",
			"http://[ff02::1]/",
			"http://[64:ff9b::a00:1]/",                       // NAT64 of 10.0.0.1
			"http://[2002:7f00:1::]/",                        // 6to4 of 127.0.0.1
			"http://[2002:a9fe:a9fe::1]/",                    // 6to4 of 169.254.169.254
			"http://[100::1]/",                               // discard-only
			"http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", // Teredo
			"http://0.0.0.0/",
			"http://10.0.0.1/",
			"http://172.16.5.4/",
			"http://192.168.1.1/",
			"http://100.64.0.1/",
			"http://224.0.0.1/",
			"http://255.255.255.255/",
			"http://2130706433/",
			"http://0x7f000001/",
			"http://0177.0.0.1/",
			"http://127.1/",
			"http://0x7f.1/",
			"http://10.0.0.1./",
			"http://localhost:8080/hook",
			"http://LOCALHOST./",
			"http://api.localhost/",
			"http://:8080/",
		} {
			_, _, err := WebhookHost(u)
			if ErrorCode(err) != EINVALID {
				t.Errorf("%s accepted (%v)", u, err)
				continue
			}
			if e := err.(*Error); e.Fields["webhookUrl"] == "" {
				t.Errorf("%s: no webhookUrl field error: %+v", u, e)
			}
		}
	})
	t.Run("AcceptsPublicAddressesAndNames", func(t *testing.T) {
		for u, want := range map[string]string{
			"https://hooks.example.com/leads":   "",
			"https://203.0.113.7:8443/x":        "203.0.113.7",
			"http://[2001:db8::1]/":             "2001:db8::1",
			"https://123.example.com/":          "",
			"https://cafe.be/hook":              "",
			"https://[64:ff9b::cb00:7107]/hook": "64:ff9b::cb00:7107",
			"https://[2002:cb00:7107::1]/hook":  "2002:cb00:7107::1", // 6to4 of 203.0.113.7
		} {
			host, addr, err := WebhookHost(u)
			if err != nil || host == "" {
				t.Errorf("%s: %v", u, err)
				continue
			}
			if got := ""; addr.IsValid() {
				got = addr.String()
				if got != want {
					t.Errorf("%s: address %s, want %s", u, got, want)
				}
			} else if want != "" {
				t.Errorf("%s: no address, want %s", u, want)
			}
		}
	})
	t.Run("RefusesANameOfInternalAddresses", func(t *testing.T) {
		public := netip.MustParseAddr("203.0.113.7")
		if err := CheckWebhookAddrs([]netip.Addr{public}); err != nil {
			t.Errorf("public address refused: %v", err)
		}
		if err := CheckWebhookAddrs([]netip.Addr{public, netip.MustParseAddr("10.1.2.3")}); ErrorCode(err) != EINVALID {
			t.Errorf("a name with a private address among its addresses was accepted")
		}
	})
}
