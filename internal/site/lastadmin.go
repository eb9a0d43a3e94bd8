package site

// CheckLastAdmin refuses (ECONFLICT) the change ch of the user id when it
// would leave no active administrator; admins are the ids of the active
// administrators as the change finds them. The store reads them in the
// change's transaction, locked against a change of another instance (see
// UserService.UpdateUser), so that two changes at once cannot take away
// the last two administrators together.
func CheckLastAdmin(admins []int64, id int64, ch UserChange) error {
	if ch.Role == RoleAdmin && ch.Status == UserActive {
		return nil
	}
	if len(admins) == 1 && admins[0] == id {
		return Errorf(ECONFLICT, "%s", LastAdminMessage)
	}
	return nil
}
