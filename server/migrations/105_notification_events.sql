-- Notification events (spec 002 sections 2.3 and 5): the platform-wide catalogue of events a company can be notified
-- of. Not per company: every company configures notifications (110) against the same events. A new event is PENDING;
-- it becomes ONBOARDED through the inline edit of /event-list and never goes back (server/rules, API.md
-- "Notification events"). Names are letters, digits and dots, and unique whatever their case ('Trip.Created' and
-- 'trip.created' are the same event to the people typing them).
create table notification_events (
  id integer generated always as identity primary key,
  name text not null,
  event_status text not null default 'PENDING' check (event_status in ('ONBOARDED', 'PENDING')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index notification_events_name_idx on notification_events (lower(name));

insert into notification_events (name, event_status) values
  ('trip.created', 'ONBOARDED'),
  ('trip.closed', 'ONBOARDED'),
  ('trip.started', 'ONBOARDED'),
  ('eta.breach', 'ONBOARDED'),
  ('long.stoppage', 'ONBOARDED'),
  ('route.deviation', 'ONBOARDED'),
  ('epod.delivered', 'ONBOARDED'),
  ('geofence.entry', 'PENDING'),
  ('geofence.exit', 'PENDING'),
  ('overspeed.v2', 'PENDING'),
  ('night.driving', 'PENDING'),
  ('consent.pending', 'PENDING');
