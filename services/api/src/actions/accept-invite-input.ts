/** What a person accepting an invitation (a link or an email) gives: the key, and the account to create. */
export interface AcceptInviteInput {
  key: string;
  email: string;
  password: string;
  full_name: string;
}
