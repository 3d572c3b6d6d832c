-- Issue 9 follow-up: failed code tries count per account (the user, whether the e-mail or the phone was typed),
-- and reaching NIST SP 800-63B's 100 starts a waiting period that doubles with each lock-out until a login,
-- instead of a lock only an administrator could lift. The per-identifier counts of 050 go (and with them any
-- lock of that kind).
drop table otp_failures;

create table otp_failures (
  -- 'user:<users.id>', or 'identifier:<normalised e-mail or phone>' for an identifier without an enabled user
  account text primary key,
  -- failed tries since the last lock-out (0 right after one); a login deletes the row
  failures integer not null,
  -- lock-outs since the last login: the next wait is 1 minute doubled this many times, at most 4 hours
  lockouts integer not null default 0,
  -- until when every code of the account is refused (null: never locked)
  locked_until timestamptz,
  last_failure_at timestamptz not null
);
