// The choices, limits, messages and permissions the API checks, for the web
// app to check and show the same, made from the Go of internal/site by
// TestAPITypes: do not edit. After changing them in Go, run
// UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes
// Those only the admin reads; the site's are in web/src/lib/api-contracts.ts.
import type { BackupRules, Choice, FieldRule, MailRules, Permission, Role } from '@/lib/api-types';

/** The kinds of a lead's activity entry staff write. */
export const activityKinds: Choice[] = [
  { value: 'note', label: 'Note' },
  { value: 'call', label: 'Call' },
  { value: 'email', label: 'E-mail' },
];

/** The kinds of an application's activity entry staff write. */
export const applicationActivityKinds: Choice[] = [
  { value: 'note', label: 'Note' },
];

/** What the text of an activity entry (a lead's, an application's) must be, with the server's messages. */
export const activityRule: FieldRule = { required: 'Write what happened before saving.', max: 5000, tooLong: 'The text must be at most 5000 characters.' };

/** How many minutes after writing it the author may edit an activity entry. */
export const activityEditMinutes: number = 15;

/** What each role may do, as the server enforces it. */
export const rolePermissions: Record<Role, Permission[]> = {
  admin: ['content', 'leads', 'leadSettings', 'users', 'leadActivityDelete', 'subscribers', 'careers', 'publish'],
  editor: ['content', 'subscribers'],
  sales: ['leads'],
  recruiter: ['careers'],
};

/** The resources whose updates wait as drafts for the Publish panel when the publishing mode keeps drafts (of the pages, only a published one's). */
export const draftedResources: string[] = ['case-studies', 'footer-links', 'menu-items', 'pages', 'testimonials'];

/** What the mail server's settings ask of each field, with the server's messages. */
export const mailForm: MailRules = {
  tlsModes: [
    { value: 'starttls', label: 'STARTTLS when offered (port 587)' },
    { value: 'tls', label: 'TLS from the start (SMTPS, port 465)' },
    { value: 'none', label: 'No encryption' },
  ],
  defaultPort: 587,
  host: { max: 253, tooLong: 'The host must be at most 253 characters.', invalid: 'Enter the mail server\'s host name or IP address, without a scheme or port (smtp.example.com).' },
  port: { invalid: 'The port must be a whole number from 1 to 65535.' },
  username: { max: 254, tooLong: 'The username must be at most 254 characters.' },
  password: { max: 200, tooLong: 'The password must be at most 200 characters.', invalid: 'A password needs a username: enter the username too.' },
  from: { required: 'Enter the address the e-mails are sent from.', max: 254, invalid: 'The sender must be a plain e-mail address (alerts@example.com).' },
  tls: { invalid: 'Choose STARTTLS, TLS or no encryption.' },
};

/** The limits of the backup schedule, with the server's messages. */
export const backupForm: BackupRules = { maxEveryHours: 168, minKeep: 1, maxKeep: 100, everyHours: 'Back up every 0 to 168 hours, as a whole number; 0 turns the schedule off.', keep: 'Keep 1 to 100 backups, as a whole number.' };
