-- Issue 9, points 4 and 7b: revocable desk tokens, a token version per user, disabled users, and one-time codes a
-- stranger cannot void or lock.

-- A desk token carries the version of its user (claim `ver`); the desk guard refuses a token whose version is
-- no longer the user's. The trigger bumps it whenever what a token says about its user changes, whoever makes
-- the change (an admin tool or plain SQL), so withdrawn rights and disabled users take effect on the next call.
alter table users add column token_version integer not null default 0;
alter table users add column disabled boolean not null default false;

create function users_bump_token_version() returns trigger language plpgsql as $$
begin
  if new.masks is distinct from old.masks or new.disabled is distinct from old.disabled
     or new.desk_id is distinct from old.desk_id or new.email is distinct from old.email then
    new.token_version := greatest(new.token_version, old.token_version + 1);
  end if;
  return new;
end
$$;

create trigger users_token_version before update on users
  for each row execute function users_bump_token_version();

-- Desk tokens ended by `POST /auth/logout`, by token id (claim `jti`), kept until the token would have expired.
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
create index revoked_tokens_expiry_idx on revoked_tokens (expires_at);

-- Consecutive failed code verifications per identifier (NIST SP 800-63B 5.2.2: at most 100 on one account);
-- a successful verification deletes the row.
create table otp_failures (
  identifier text primary key,
  failures integer not null,
  last_failure_at timestamptz not null default now()
);

-- Codes no longer count tries one by one: a stranger's wrong guesses must not use up the owner's code.
alter table otp_codes drop column attempts;
