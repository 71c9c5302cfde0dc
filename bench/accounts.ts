/** The account the bench measures the admin pages as (the bench server lists it in ADMIN_EMAILS). */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';
