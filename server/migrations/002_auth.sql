-- One-time codes, the shared rate limiter and the local mail outbox. All state lives here, not in memory,
-- because several API instances may serve the same users.

create table otp_codes (
  id text primary key,
  identifier text not null, -- normalised e-mail or phone, whether or not a user has it
  user_id text references users (id),
  code_hash text not null, -- sha256(salt || code), hex
  salt text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_codes_identifier_idx on otp_codes (identifier, created_at desc);

-- One row per counted request; a window is a count over hit_at.
create table rate_limit_hits (
  bucket text not null,
  hit_at timestamptz not null default now()
);
create index rate_limit_hits_bucket_idx on rate_limit_hits (bucket, hit_at);
-- For sweeping rows of buckets that are never asked again.
create index rate_limit_hits_time_idx on rate_limit_hits (hit_at);

create table outbox (
  seq bigint generated always as identity primary key,
  "to" text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
