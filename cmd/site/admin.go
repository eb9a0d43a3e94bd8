package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"golang.org/x/term"

	"meridian/internal/site"
)

const adminUsage = `usage:
  site admin create --username NAME   create an administrator
  site admin passwd NAME              set a user's password (signs them out everywhere)
  site admin reset-2fa NAME           turn a user's two-factor sign-in off (a lost phone)

create and passwd read the password from SITE_ADMIN_PASSWORD when set, otherwise asked for
on the terminal. The database is chosen as for the server (DATABASE_URL, or -data-dir).`

// usageError is a mistake in the command line, told to the operator with
// the usage text.
type usageError struct{ msg, usage string }

func (e usageError) Error() string { return e.msg + "\n" + e.usage }

// runAdmin runs the admin subcommands against the configured database.
func runAdmin(ctx context.Context, args []string, getenv func(string) string, stdin *os.File, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"missing admin command", adminUsage}
	}
	cmd, rest := args[0], args[1:]
	fset := flag.NewFlagSet("site admin "+cmd, flag.ContinueOnError)
	fset.SetOutput(stderr)
	dataDir := fset.String("data-dir", envOr(getenv, "SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	username := fset.String("username", "", "the user's name")
	if err := fset.Parse(rest); err != nil {
		return err
	}
	if *username == "" && fset.NArg() > 0 {
		*username = fset.Arg(0)
	}
	*username = strings.TrimSpace(*username)
	if *username == "" {
		return usageError{"a username is required", adminUsage}
	}
	// The same rule as a username sent to the login: one that breaks it
	// could never sign in.
	if err := site.CheckText(&struct {
		Username string `json:"username"`
	}{*username}); err != nil {
		return errors.New(site.ErrorMessage(err))
	}
	if cmd != "create" && cmd != "passwd" && cmd != "reset-2fa" {
		return usageError{fmt.Sprintf("unknown admin command %q", cmd), adminUsage}
	}
	db, _, err := openStore(ctx, &config{dataDir: *dataDir, databaseURL: getenv("DATABASE_URL")})
	if err != nil {
		return err
	}
	defer db.Close()
	if cmd == "reset-2fa" {
		u, err := db.FindUserByUsername(ctx, *username)
		if err != nil {
			return commandError(err)
		}
		if err := db.DisableTOTP(ctx, u.ID); err != nil {
			return commandError(err)
		}
		fmt.Fprintf(stderr, "Two-factor sign-in of %s is off; their password alone signs them in.\n", u.Username)
		return nil
	}
	pw, err := readPassword(getenv, stdin, stderr)
	if err != nil {
		return err
	}
	hash, err := site.HashPassword(pw)
	if err != nil {
		return err
	}
	switch cmd {
	case "create":
		u, err := db.CreateUser(ctx, &site.User{Username: *username, PasswordHash: hash, Role: site.RoleAdmin})
		if err != nil {
			return commandError(err)
		}
		fmt.Fprintf(stderr, "Created administrator %s.\n", u.Username)
	case "passwd":
		u, err := db.FindUserByUsername(ctx, *username)
		if err != nil {
			return commandError(err)
		}
		if err := db.SetPassword(ctx, u.ID, hash, 0); err != nil {
			return commandError(err)
		}
		fmt.Fprintf(stderr, "Password of %s changed; their sessions are signed out.\n", u.Username)
	}
	return nil
}

// commandError is what an admin command tells the operator: the message of
// a site error (such as a username taken), and any other error whole, with
// its cause, since the operator at the terminal is the one who must fix it.
func commandError(err error) error {
	if site.ErrorCode(err) != site.EINTERNAL {
		return errors.New(site.ErrorMessage(err))
	}
	return err
}

func envOr(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}

// readPassword takes the password from SITE_ADMIN_PASSWORD, or asks for it
// twice on the terminal without echo, and checks its length.
func readPassword(getenv func(string) string, stdin *os.File, stderr io.Writer) (string, error) {
	if pw := getenv("SITE_ADMIN_PASSWORD"); pw != "" {
		return pw, site.ValidatePassword(pw)
	}
	fd := int(stdin.Fd())
	if !term.IsTerminal(fd) {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			return "", errors.New("no password: set SITE_ADMIN_PASSWORD or run on a terminal")
		}
		pw := strings.TrimRight(line, "\r\n")
		return pw, site.ValidatePassword(pw)
	}
	fmt.Fprint(stderr, "Password: ")
	a, err := term.ReadPassword(fd)
	fmt.Fprintln(stderr)
	if err != nil {
		return "", err
	}
	if err := site.ValidatePassword(string(a)); err != nil {
		return "", err
	}
	fmt.Fprint(stderr, "Repeat the password: ")
	b, err := term.ReadPassword(fd)
	fmt.Fprintln(stderr)
	if err != nil {
		return "", err
	}
	if string(a) != string(b) {
		return "", errors.New("the passwords differ")
	}
	return string(a), nil
}

// bootstrapAdmin creates the user admin when the database has no user: with
// the password of SITE_ADMIN_PASSWORD, or a random one printed once to the
// log and returned, for the greeting at a terminal. There is no built-in
// password.
func bootstrapAdmin(ctx context.Context, store site.UserService, password string, logger *slog.Logger) (generatedPassword string, err error) {
	n, err := store.CountUsers(ctx)
	if err != nil || n > 0 {
		return "", err
	}
	generated := password == ""
	if generated {
		b := make([]byte, 18)
		if _, err := rand.Read(b); err != nil {
			return "", err
		}
		password = base64.RawURLEncoding.EncodeToString(b)
	} else if err := site.ValidatePassword(password); err != nil {
		return "", fmt.Errorf("SITE_ADMIN_PASSWORD: %s", site.ErrorMessage(err))
	}
	hash, err := site.HashPassword(password)
	if err != nil {
		return "", err
	}
	if _, err := store.CreateUser(ctx, &site.User{Username: "admin", PasswordHash: hash, Role: site.RoleAdmin}); err != nil {
		if site.ErrorCode(err) == site.ECONFLICT {
			return "", nil // another instance created it at the same moment
		}
		return "", err
	}
	if !generated {
		logger.Info("created the first administrator from SITE_ADMIN_PASSWORD", "username", "admin")
		return "", nil
	}
	logger.Warn("created the first administrator with a random password; change it with: site admin passwd admin",
		"username", "admin", "password", password)
	return password, nil
}

// greet tells the person who started the site at a terminal where it is
// and how to sign in: with the first administrator's password when it was
// just made up (it is not shown again).
func greet(w io.Writer, address, password string) {
	fmt.Fprintf(w, "\n  The site is running at %s\n  Sign in at            %s/admin/login\n", address, address)
	if password != "" {
		fmt.Fprintf(w, "  Username              admin\n  Password              %s\n  (shown once: change it with  site admin passwd admin)\n", password)
	}
	fmt.Fprintln(w)
}

// isTerminal reports whether w is a terminal, where a person reads the log.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
