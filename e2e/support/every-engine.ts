/** HCM_TEST_ENGINES=both: every e2e file on every engine, as before a change to the database layer. */
export function everyEngine(): boolean {
  return process.env.HCM_TEST_ENGINES === 'both';
}
