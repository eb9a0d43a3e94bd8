/** Where the admin keeps its session in localStorage: the token, and the signed-in user. */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_USER_KEY = 'adminUser';
