import { randomBytes, randomUUID } from 'node:crypto';
import { statementCache, type Db } from './database';
import type { PrincipalCache } from './principal-cache';
import type { ProjectRow, UserRow } from './account-rows';

/** Projects: the local and demo ones seeded at start, and a demo project per user who asks. */
export class ProjectsStore {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    db: Db,
    private readonly now: () => number,
    private readonly principals: PrincipalCache,
  ) {
    this.sql = statementCache(db);
  }

  seedProject(project: {
    id: string;
    apiKey: string;
    name: string;
    isDemo: boolean;
    ownerCents: number;
  }) {
    this.sql(
      `INSERT INTO projects (id, api_key, name, is_demo, owner_credits_cents, created_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET api_key = excluded.api_key`,
    ).run(
      project.id,
      project.apiKey,
      project.name,
      project.isDemo ? 1 : 0,
      project.ownerCents,
      this.now(),
    );
    this.principals.forgetAll();
  }

  projectById(id: string): ProjectRow | undefined {
    return this.sql('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
  }

  projectByKey(apiKey: string): ProjectRow | undefined {
    return this.sql('SELECT * FROM projects WHERE api_key = ?').get(apiKey) as
      ProjectRow | undefined;
  }

  /** The demo project a user owns, created on first request (POST /v1/platform/projects/demo). */
  demoProjectOf(user: UserRow, ownerCents: number): ProjectRow {
    const existing = this.sql('SELECT * FROM projects WHERE owner_user_id = ? AND is_demo = 1').get(
      user.id,
    ) as ProjectRow | undefined;
    if (existing) return existing;
    const id = `proj_${randomUUID()}`;
    this.sql(
      `INSERT INTO projects (id, api_key, name, is_demo, owner_user_id, owner_credits_cents, created_at)
         VALUES (?, ?, ?, 1, ?, ?, ?)`,
    ).run(
      id,
      `pk_demo_${randomBytes(18).toString('base64url')}`,
      `Demo of ${user.email}`,
      user.id,
      ownerCents,
      this.now(),
    );
    return this.projectById(id) as ProjectRow;
  }
}
