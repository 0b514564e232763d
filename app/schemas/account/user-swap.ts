/** The user swap form's limit, shared by the form and its action. */

/** The longest user name the form takes (the API's limit). */
export const MAX_USER = 100;
