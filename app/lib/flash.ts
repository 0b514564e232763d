/** Flash messages the session can carry to the next page (one at a time); the login form words them. */
export type FlashKey = "session_expired" | "logged_out" | "password_changed" | "user_swapped";
