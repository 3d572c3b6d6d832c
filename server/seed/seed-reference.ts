import type { Queryable } from '../store/store';
import { hashPassword, randomPassword } from '../auth/passwords';
import { COMPANIES, DEPARTMENTS, PARTNERS } from './companies';
import { PERMISSIONS, STATIC_MATERIALS, STATIC_VEHICLES } from './catalog';
import { USERS } from './users';

/** Companies, branches, departments and partner links (both directions), each inserted when missing. */
async function seedCompanies(q: Queryable) {
  for (const c of COMPANIES) {
    await q.query('insert into companies (id, name, type) values ($1, $2, $3) on conflict (id) do nothing', [
      c.id,
      c.name,
      c.type,
    ]);
    for (const b of c.branches) {
      await q.query('insert into branches (id, company_id, name) values ($1, $2, $3) on conflict (id) do nothing', [
        b.id,
        c.id,
        b.name,
      ]);
      for (const d of DEPARTMENTS) {
        await q.query(
          `insert into departments (id, old_department_id, branch_id, company_id, name) values ($1, $2, $3, $4, $5)
           on conflict (id) do nothing`,
          [`5${b.id}${d.digit}`, `${b.id}${d.digit}`, b.id, c.id, d.name],
        );
      }
    }
  }
  for (const [consignor, transporter] of PARTNERS) {
    for (const [a, b] of [
      [consignor, transporter],
      [transporter, consignor],
    ]) {
      await q.query('insert into company_partners (company_id, partner_id) values ($1, $2) on conflict do nothing', [
        a,
        b,
      ]);
    }
  }
}

/** Permission records, standard vehicles and master materials. */
async function seedCatalog(q: Queryable) {
  for (const p of PERMISSIONS) {
    await q.query(
      `insert into permissions (permission_id, name, permission_type, permission_create_mask, permission_update_mask,
                                permission_read_mask)
       values ($1, $2, $3, $4, $5, $6) on conflict (permission_id) do nothing`,
      [p.id, p.name, p.type, p.create, p.update, p.read],
    );
  }
  for (const [i, [id, bodyType, length, weight]] of STATIC_VEHICLES.entries()) {
    await q.query(
      `insert into static_vehicles (id, body_type, length, weight_value, weight_unit, sort)
       values ($1, $2, $3, $4, 'MT', $5) on conflict (id) do nothing`,
      [id, bodyType, length, weight, i],
    );
  }
  for (const [i, [id, type]] of STATIC_MATERIALS.entries()) {
    await q.query('insert into static_materials (id, type, sort) values ($1, $2, $3) on conflict (id) do nothing', [
      id,
      type,
      i,
    ]);
  }
}

/**
 * Demo users, created when missing with a random scrypt-hashed password (they log in by one-time code). Users
 * whose expiry is in the past get it re-set on every start, so `expired@demo.local` stays expired.
 */
async function seedUsers(q: Queryable) {
  for (const u of USERS) {
    const exists = await q.one('select 1 from users where id = $1 or email = $2', [u.id, u.email]);
    if (!exists) {
      await q.query(
        `insert into users (id, email, phone, name, password_hash, pwd_exp, desk_id, masks)
         values ($1, $2, $3, $4, $5, current_date + $6::int, $7, $8)`,
        [
          u.id,
          u.email,
          u.phone,
          u.name,
          await hashPassword(randomPassword()),
          u.pwdExpDays,
          u.deskId,
          JSON.stringify(u.masks),
        ],
      );
    } else if (u.pwdExpDays < 0) {
      await q.query('update users set pwd_exp = current_date + $2::int where email = $1', [u.email, u.pwdExpDays]);
    }
  }
}

/** The reference data every start makes sure of. */
export async function seedReference(q: Queryable) {
  await seedCompanies(q);
  await seedCatalog(q);
  await seedUsers(q);
}
