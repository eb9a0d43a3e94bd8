// The records the API sends and takes, made from the Go types of
// internal/site by TestAPITypes: do not edit. After changing a Go type, run
// UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes

export type LeadStatus = 'new' | 'contacted' | 'qualified' | 'won' | 'lost';

export type LeadActivityKind = 'note' | 'call' | 'email' | 'status' | 'spam' | 'notes' | 'meeting' | 'meeting_moved' | 'meeting_cancelled';

export type MeetingStatus = 'booked' | 'cancelled';

export type PageStatus = 'draft' | 'published';

export type PageCheckID = 'altText' | 'headingOrder' | 'metaTitleLength' | 'metaDescription' | 'duplicateTitle' | 'brokenLinks' | 'articleCover';

export type PublishMode = 'live' | 'drafts' | 'approval';

export type PageTemplate = 'default' | 'article';

export type RedirectKind = 'automatic' | 'manual';

export type PositionStatus = 'open' | 'closed';

export type EmploymentType = 'full-time' | 'part-time' | 'contract' | 'temporary' | 'internship';

export type ApplicationStatus = 'new' | 'screening' | 'interview' | 'offer' | 'hired' | 'rejected';

export type ApplicationActivityKind = 'note' | 'status';

export type DeliveryChannel = 'email' | 'webhook';

export type DeliveryKind = 'lead' | 'owner' | 'reminder' | 'overdue' | 'meeting' | 'confirm' | 'subscribed' | 'unsubscribed' | 'application' | 'application-ack';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

export type DeliveryStatus = 'pending' | 'sent' | 'retrying' | 'failed';

export type MediaFormat = 'webp' | 'jpeg' | 'png';

export type MediaUseKind = 'content' | 'settings' | 'page' | 'testimonial';

export type RevisionAction = 'create' | 'update' | 'delete' | 'publish' | 'restore';

export type Role = 'admin' | 'editor' | 'sales' | 'recruiter';

export type UserStatus = 'active' | 'disabled';

export type AuditAction = 'sign-in' | 'sign-in-failed' | 'sign-out' | 'reauth-failed' | 'recovery-code-used' | 'two-factor-start' | 'two-factor-enable' | 'two-factor-disable' | 'two-factor-reset' | 'password-change' | 'email-change' | 'password-reset' | 'sessions-end' | 'recovery-codes-renew' | 'user-create' | 'user-update' | 'user-disable' | 'security-settings' | 'invitation-send' | 'invitation-renew' | 'invitation-withdraw' | 'invitation-accept' | 'create' | 'update' | 'delete' | 'publish' | 'restore' | 'lead-settings' | 'mail-settings' | 'mail-test' | 'lead-list' | 'lead-view' | 'lead-update' | 'lead-resend' | 'lead-export' | 'lead-activity-add' | 'lead-activity-edit' | 'lead-activity-delete' | 'privacy-search' | 'privacy-export' | 'privacy-erase' | 'preview-link-create' | 'preview-link-revoke' | 'not-found-clear' | 'availability-change' | 'calendar-feed-create' | 'calendar-feed-revoke' | 'page-checks-change' | 'publishing-settings' | 'drafts-publish' | 'drafts-discard' | 'drafts-schedule' | 'drafts-review' | 'drafts-send-back' | 'draft-comment' | 'draft-comment-resolve' | 'newsletter-settings' | 'subscriber-list' | 'subscriber-export' | 'backup-create' | 'backup-download' | 'backup-delete' | 'backup-settings' | 'application-update' | 'application-activity-add' | 'application-activity-edit' | 'careers-settings';

export type PreviewState = 'draft' | 'inactive' | 'scheduled' | 'live';

export type Permission = 'content' | 'leads' | 'leadSettings' | 'users' | 'leadActivityDelete' | 'subscribers' | 'careers' | 'publish';

export type MailTLS = 'starttls' | 'tls' | 'none';

export type MailSource = 'environment' | 'saved' | 'none';

export type BackupStatus = '' | 'running' | 'ok' | 'failed';

export type SiteSettings = {
  id: number;
  logoText: string;
  logoImageUrl: string;
  logoImageAlt: string;
  useImageLogo: boolean;
  primaryColor: string;
  secondaryColor: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  newsletterInFooter: boolean;
};

export type ContentItem = {
  id: number;
  section: string;
  key: string;
  value: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type MenuItem = {
  id: number;
  title: string;
  url: string;
  order: number;
  isActive: boolean;
  parentId?: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type FooterLink = {
  id: number;
  category: string;
  title: string;
  url: string;
  order: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type Testimonial = {
  id: number;
  name: string;
  title: string;
  content: string;
  initials: string;
  avatarBg: string;
  photo: string;
  order: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type WebsiteImage = {
  id: number;
  name: string;
  url: string;
  altText: string;
  section: string;
  usage: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type Page = {
  id: number;
  title: string;
  slug: string;
  content: string;
  body: RichDoc;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  status: PageStatus;
  template: PageTemplate;
  featuredImage: string;
  author: string;
  category: string;
  tags: string[];
  readingMinutes: number;
  authorId: number | null;
  publishedAt: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type RichDoc = {
  type: string;
  attrs?: DocNodeAttrs;
  content?: DocNode[];
  marks?: DocMark[];
  text?: string;
};

export type DocNode = {
  type: string;
  attrs?: DocNodeAttrs;
  content?: DocNode[];
  marks?: DocMark[];
  text?: string;
};

export type DocNodeAttrs = {
  level?: number;
  start?: number;
  mediaId?: number;
  alt?: string;
};

export type DocMark = {
  type: string;
  attrs?: DocMarkAttrs;
};

export type DocMarkAttrs = {
  href: string;
};

export type PublicPage = {
  title: string;
  slug: string;
  content: string;
  body: RichDoc;
  images: Record<string, PublicMedia>;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  cover?: PublicMedia;
};

export type ArticleLink = {
  title: string;
  slug: string;
  publishedAt: string;
};

export type ArticleCard = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  category: string;
  tags: string[];
  publishedAt: string;
  readingMinutes: number;
  cover?: PublicMedia;
};

export type PublicArticle = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  category: string;
  tags: string[];
  publishedAt: string;
  readingMinutes: number;
  cover?: PublicMedia;
  content: string;
  body: RichDoc;
  images: Record<string, PublicMedia>;
  metaTitle: string;
  metaDescription: string;
  updatedAt: string;
  previous?: ArticleLink;
  next?: ArticleLink;
};

export type BlogList = {
  category: string;
  page: number;
  pages: number;
  total: number;
  posts: ArticleCard[];
  popular: ArticleLink[];
  tags: string[];
};

export type Redirect = {
  id: number;
  source: string;
  target: string;
  kind: RedirectKind;
  createdAt: string;
  updatedAt: string;
  version: number;
  hits?: number;
  lastHitAt?: string | null;
};

export type Position = {
  id: number;
  title: string;
  slug: string;
  department: string;
  location: string;
  remote: boolean;
  regions: string;
  employmentType: EmploymentType;
  salaryMin: number;
  salaryMax: number;
  currency: string;
  summary: string;
  description: RichDoc;
  postedOn: string;
  closesOn: string;
  status: PositionStatus;
  order: number;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type PublicPosition = {
  id?: number;
  title: string;
  slug: string;
  department: string;
  location: string;
  remote: boolean;
  regions: string;
  employmentType: EmploymentType;
  salaryMin: number;
  salaryMax: number;
  currency: string;
  summary: string;
  description?: RichDoc;
  images?: Record<string, PublicMedia>;
  postedOn: string;
  closesOn: string;
};

export type Careers = {
  open: PublicPosition[];
  position?: PublicPosition;
  closed?: PublicPosition;
};

export type CaseStudy = {
  id: number;
  title: string;
  slug: string;
  client: string;
  industry: string;
  summary: string;
  challenge: string;
  approach: string;
  results: string;
  technologies: string;
  timeline: string;
  roi: string;
  quote: string;
  quoteAuthor: string;
  quoteRole: string;
  team: string;
  image: string;
  picture: string;
  featured: boolean;
  isActive: boolean;
  order: number;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type CaseStudyCard = {
  title: string;
  slug: string;
  client: string;
  industry: string;
  summary: string;
  results: string;
  technologies: string;
  timeline: string;
  roi: string;
  image: string;
  featured: boolean;
};

export type PublicCaseStudy = {
  title: string;
  slug: string;
  client: string;
  industry: string;
  summary: string;
  results: string;
  technologies: string;
  timeline: string;
  roi: string;
  image: string;
  featured: boolean;
  challenge: string;
  approach: string;
  quote: string;
  quoteAuthor: string;
  quoteRole: string;
  team: string;
  picture: string;
};

export type Application = {
  id: number;
  positionId: number;
  positionTitle: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  url: string;
  coverNote: string;
  cvName: string;
  cvType: string;
  cvSize: number;
  cv?: string;
  consentText: string;
  status: ApplicationStatus;
  createdAt: string;
  updatedAt: string;
  activity?: ApplicationActivity[];
};

export type ApplicationActivity = {
  id: number;
  applicationId: number;
  kind: ApplicationActivityKind;
  userId: number | null;
  username: string;
  text: string;
  from: string;
  to: string;
  createdAt: string;
  updatedAt: string;
};

export type CareersSettings = {
  retentionMonths: number;
};

export type NotFoundPath = {
  id: number;
  path: string;
  hits: number;
  visitors: number;
  firstSeen: string;
  lastSeen: string;
};

export type MediaItem = {
  id: number;
  name: string;
  altText: string;
  decorative: boolean;
  caption: string;
  credit: string;
  focalX: number;
  focalY: number;
  width: number;
  height: number;
  contentType: string;
  hash: string;
  bytes: number;
  variants: MediaVariant[];
  usable: boolean;
  usedIn?: MediaUse[];
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type MediaVariant = {
  width: number;
  height: number;
  format: MediaFormat;
  url: string;
  bytes: number;
};

export type MediaUse = {
  kind: MediaUseKind;
  label: string;
  section?: string;
  key?: string;
  path?: string;
};

export type PublicMedia = {
  id: number;
  alt: string;
  caption?: string;
  credit?: string;
  width: number;
  height: number;
  focalX: number;
  focalY: number;
  variants: PublicVariant[];
};

export type PublicVariant = {
  width: number;
  height: number;
  format: MediaFormat;
  url: string;
};

export type PublicSettings = {
  logoText: string;
  logoImageUrl: string;
  logoImageAlt: string;
  useImageLogo: boolean;
  primaryColor: string;
  secondaryColor: string;
  newsletterInFooter: boolean;
};

export type PublicMenuItem = {
  title: string;
  url: string;
  order: number;
  children?: PublicMenuItem[];
};

export type PublicFooterLink = {
  category: string;
  title: string;
  url: string;
  order: number;
};

export type PublicTestimonial = {
  name: string;
  title: string;
  content: string;
  initials: string;
  avatarBg: string;
  photo: string;
  order: number;
};

export type Revision = {
  id: number;
  resource: string;
  recordId: number;
  version: number;
  action: RevisionAction;
  data: unknown;
  userId: number | null;
  username: string;
  createdAt: string;
};

export type Lead = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  jobTitle: string;
  aiSolutionInterest: string;
  projectDetails: string;
  jobTitleLabel: string;
  aiSolutionInterestLabel: string;
  createdAt: string;
  page: string;
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmTerm: string;
  utmContent: string;
  landingPage: string;
  pagesRead: string[];
  status: LeadStatus;
  notes: string;
  spam: boolean;
  spamReason: string;
  updatedAt: string;
  consentText: string;
  consentVersion: string;
  ownerId: number | null;
  ownerName: string;
  dueAt: string | null;
  firstResponseAt: string | null;
  overdue: boolean;
  deliveries: Delivery[];
  activity?: LeadActivity[];
};

export type Delivery = {
  id: number;
  kind: DeliveryKind;
  channel: DeliveryChannel;
  target: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
};

export type LeadActivity = {
  id: number;
  leadId: number;
  kind: LeadActivityKind;
  userId: number | null;
  username: string;
  text: string;
  from: string;
  to: string;
  createdAt: string;
  updatedAt: string;
};

export type LeadSettings = {
  notificationEmails: string[];
  webhookUrl: string;
  webhookSecret: string;
  webhookSecretSet: boolean;
  retentionMonths: number;
  responseHours: number;
  businessHoursOnly: boolean;
  timeZone: string;
  smtpConfigured: boolean;
};

export type MailSettings = {
  host: string;
  port: number;
  username: string;
  passwordSet: boolean;
  from: string;
  tls: MailTLS;
  source: MailSource;
  updatedAt: string | null;
};

export type MailTestResult = {
  ok: boolean;
  message: string;
};

export type LeadStats = {
  weeks: WeekCount[];
  byInterest: InterestCount[];
  total: number;
  newCount: number;
  spamCount: number;
  failingDeliveries: number;
  lastDeliveryError: string;
  response: ResponseStats;
};

export type WeekCount = {
  weekStart: string;
  count: number;
};

export type InterestCount = {
  interest: string;
  count: number;
};

export type ResponseStats = {
  days: number;
  answered: number;
  medianMinutes: number | null;
  withinShare: number | null;
  waiting: number;
  overdue: number;
};

export type Availability = {
  timeZone: string;
  weekly: WorkingHours[];
  daysOff: string[];
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  meetingMinutes: number;
  meetingLink: string;
  phone: string;
};

export type WorkingHours = {
  weekday: number;
  start: string;
  end: string;
};

export type Slot = {
  start: string;
  end: string;
};

export type BookedMeeting = {
  id: number;
  start: string;
  end: string;
  owner: MeetingOwner;
  manageUrl?: string;
};

export type MeetingOwner = {
  name: string;
};

export type ManagedMeeting = {
  id: number;
  start: string;
  end: string;
  owner: MeetingOwner;
  manageUrl?: string;
  timeZone: string;
  slots: Slot[];
};

export type Meeting = {
  id: number;
  leadId: number;
  leadName: string;
  leadCompany: string;
  ownerId: number;
  ownerName: string;
  start: string;
  end: string;
  timeZone: string;
  status: MeetingStatus;
  sequence: number;
  createdAt: string;
};

export type CalendarFeed = {
  enabled: boolean;
};

export type CalendarFeedAddress = {
  url: string;
};

export type AnalyticsTotals = {
  visitors: number;
  pageviews: number;
  leads: number;
  conversionRate: number;
};

export type AnalyticsPoint = {
  at: string;
  visitors: number;
  pageviews: number;
  leads: number;
};

export type AnalyticsRow = {
  path?: string;
  source?: string;
  group?: string;
  campaign?: string;
  device?: string;
  visitors: number;
  pageviews: number;
  leads: number;
  conversionRate: number;
};

export type FunnelStep = {
  step: string;
  label: string;
  visitors: number;
};

export type VitalSummary = {
  p75: number;
  good: number;
  needsImprovement: number;
  poor: number;
  samples: number;
};

export type VitalsRow = {
  path: string;
  lcp: VitalSummary;
  inp: VitalSummary;
  cls: VitalSummary;
  ttfb: VitalSummary;
  samples: number;
};

export type AnalyticsReport = {
  from: string;
  to: string;
  visitors: number;
  pageviews: number;
  leads: number;
  conversionRate: number;
  previous: AnalyticsTotals;
  series: AnalyticsPoint[];
  pages: AnalyticsRow[];
  landingPages: AnalyticsRow[];
  sources: AnalyticsRow[];
  campaigns: AnalyticsRow[];
  devices: AnalyticsRow[];
  funnel: FunnelStep[];
  vitals: VitalsRow[];
};

export type HealthCheck = {
  id: string;
  ok: boolean;
  title: string;
  detail: string;
  tab: string;
};

export type StaffUser = {
  id: number;
  username: string;
  role: Role;
  status: UserStatus;
  lastLoginAt: string | null;
  createdAt: string;
  twoFactor: boolean;
  takesLeads: boolean;
  leadInterests: string[];
  email: string;
  emailVerified: boolean;
  publisher: boolean;
  mayPublish: boolean;
};

export type Me = {
  id: number;
  username: string;
  role: Role;
  isAdmin: boolean;
  email: string;
  emailVerified: boolean;
  mayPublish: boolean;
};

export type AccountSession = {
  id: number;
  device: string;
  lastSeenAt: string;
  createdAt: string;
  current: boolean;
};

export type TwoFactorStatus = {
  enabled: boolean;
  since: string | null;
  recoveryCodesLeft: number;
  required: boolean;
};

export type TwoFactorEnrolment = {
  secret: string;
  uri: string;
  qrCode: string;
};

export type SecuritySettings = {
  requireTwoFactor: boolean;
};

export type PageCheck = {
  id: PageCheckID;
  label: string;
};

export type PageCheckSettings = {
  checks: PageCheck[];
  off: PageCheckID[];
};

export type PublishingSettings = {
  mode: PublishMode;
};

export type ContentDraft = {
  id: number;
  section: string;
  key: string;
  resource: string;
  recordId: number | null;
  value: string;
  published: string | null;
  base: string | null;
  version: number;
  updatedAt: string;
  updatedBy: string;
  reviewRequestedAt: string | null;
  reviewRequestedBy: string;
  publishAt: string | null;
  scheduledBy: string;
  comments: DraftComment[];
};

export type DraftSelection = {
  ids: number[];
  all: boolean;
};

export type DraftsPublished = {
  published: ContentItem[];
  records: number;
};

export type DraftComment = {
  id: number;
  draftId: number;
  parentId: number | null;
  body: string;
  author: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string;
};

export type ReleaseSchedule = {
  ids: number[];
  all: boolean;
  publishAt: string | null;
};

export type DraftsReviewed = {
  drafts: ContentDraft[];
};

export type SendBack = {
  ids: number[];
  all: boolean;
  comment: string;
};

export type NewComment = {
  body: string;
  parentId: number | null;
};

export type CommentResolution = {
  resolved: boolean;
};

export type DraftsDiscarded = {
  discarded: number;
};

export type Backup = {
  name: string;
  size: number;
  created: string;
  version: string;
  schema: number;
  database: string;
  counts: BackupCounts;
  problem?: string;
};

export type BackupCounts = {
  leads: number;
  pages: number;
  media: number;
  users: number;
};

export type BackupSettings = {
  everyHours: number;
  keep: number;
  lastRun: string | null;
  lastStatus: BackupStatus;
  lastMessage: string;
  lastDone: string | null;
  nextRun: string | null;
  available: boolean;
};

export type Invitation = {
  id: number;
  username: string;
  role: Role;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  email: string;
  mailedAt: string | null;
};

export type InvitationLink = {
  id: number;
  username: string;
  role: Role;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  email: string;
  mailedAt: string | null;
  url: string;
  mailError: string;
};

export type InvitationCheck = {
  username: string;
  role: Role;
  expiresAt: string;
};

export type PreviewLink = {
  id: number;
  pageId: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
};

export type PreviewLinkURL = {
  id: number;
  pageId: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  url: string;
};

export type PagePreview = {
  state: PreviewState;
  publishAt?: string | null;
  shared: boolean;
  expiresAt?: string | null;
  editUrl?: string;
};

export type AuditEntry = {
  id: number;
  at: string;
  userId: number | null;
  username: string;
  addr: string;
  action: AuditAction;
  target: string;
  detail: string;
};

export type Subscriber = {
  id: number;
  email: string;
  status: SubscriberStatus;
  source: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  expiresAt: string | null;
  updatedAt: string;
  deliveries: Delivery[];
};

export type Subscription = {
  email: string;
  status: SubscriberStatus;
};

export type NewsletterSettings = {
  webhookUrl: string;
  webhookSecret: string;
  webhookSecretSet: boolean;
};

export type PersonalData = {
  email: string;
  leads: Lead[];
  subscribers: Subscriber[];
  applications: Application[];
  auditEntries: AuditEntry[];
  loginAttempts: number;
};

export type Erasure = {
  leads: number;
  subscribers: number;
  applications: number;
  deliveries: number;
  auditEntries: number;
  loginAttempts: number;
};

export type Paged<T> = {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
};

export type LoginUser = {
  id: number;
  username: string;
  isAdmin: boolean;
};

export type SignedIn = {
  success: true;
  sessionToken: string;
  user: LoginUser;
};

export type LoginStep = {
  success: false;
  twoFactorRequired: boolean;
  twoFactorSetupRequired?: boolean;
  challenge: string;
};

export type SignedInEnrolled = {
  success: true;
  sessionToken: string;
  user: LoginUser;
  recoveryCodes: string[];
};

export type Choice = {
  value: string;
  label: string;
};

export type FieldRule = {
  required?: string;
  max?: number;
  tooLong?: string;
  invalid?: string;
};

export type LeadFormRules = {
  firstName: FieldRule;
  lastName: FieldRule;
  email: FieldRule;
  company: FieldRule;
  jobTitle: FieldRule;
  aiSolutionInterest: FieldRule;
  projectDetails: FieldRule;
};

export type MailRules = {
  tlsModes: Choice[];
  defaultPort: number;
  host: FieldRule;
  port: FieldRule;
  username: FieldRule;
  password: FieldRule;
  from: FieldRule;
  tls: FieldRule;
};

export type BackupRules = {
  maxEveryHours: number;
  minKeep: number;
  maxKeep: number;
  everyHours: string;
  keep: string;
};
