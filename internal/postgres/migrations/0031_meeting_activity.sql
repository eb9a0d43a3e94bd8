-- A lead's timeline tells of its meetings too: booked, moved and
-- cancelled by the visitor, written in the booking's own transaction.
ALTER TABLE lead_activity DROP CONSTRAINT lead_activity_kind_check;
ALTER TABLE lead_activity ADD CONSTRAINT lead_activity_kind_check CHECK (kind IN ('note', 'call', 'email', 'status', 'spam', 'notes',
    'meeting', 'meeting_moved', 'meeting_cancelled'));
