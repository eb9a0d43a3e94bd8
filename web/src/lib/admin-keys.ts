/** Where the admin keeps its session in localStorage: the token, the signed-in user, and whether edit mode is on. */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_USER_KEY = 'adminUser';
export const EDIT_MODE_KEY = 'editMode';
