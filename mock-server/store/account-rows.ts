/** Rows of the accounts tables as the stores answer them. */

export interface ProjectRow {
  id: string;
  api_key: string;
  name: string;
  is_demo: number;
  owner_user_id: string | null;
  owner_credits_cents: number;
  allowed_origins: string;
}

export interface UserRow {
  id: string;
  project_id: string;
  email: string;
  avatar_url: string;
  plan_id: string;
  plan_status: string;
  plan_started_at: number | null;
  plan_ends_at: number | null;
  allocated_cents: number;
  used_cents: number;
}

/** A user with their project, as every authenticated request reads them. */
export interface SignedInRows {
  user: UserRow;
  project: ProjectRow;
}
