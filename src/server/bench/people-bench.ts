// People benchmark (`npm run bench:people`): sign-in's p50 with the password hash's cost (Better Auth's scrypt,
// node:crypto), and what a session check adds to a /v2 request against a key check, both cached as the service
// caches them (5 s), measured in-process on the service's own app so that only the check differs.
import { parseArgs } from "node:util";
import { addPerson, asPerson, signIn, TEST_PASSWORD } from "../testing/people-fixtures";
import { createHarness } from "../testing/service-harness";
import { median } from "./report";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { "sign-ins": { type: "string", default: "30" }, requests: { type: "string", default: "3000" } },
});

const h = await createHarness({ apiKeyCacheMs: 5_000, failedAuthLimitPerMinute: 1_000_000 });
try {
  const { account, apiKey } = await h.newAccount("People Bench Co");
  await addPerson(h, account.id, { email: "pia@bench.example", role: "admin" });

  const signIns: number[] = [];
  for (let i = 0; i < Number(values["sign-ins"]); i += 1) {
    const started = performance.now();
    const { response } = await signIn(h, "pia@bench.example", TEST_PASSWORD);
    signIns.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  }
  const { cookie } = await signIn(h, "pia@bench.example", TEST_PASSWORD);

  const path = "/v2/account";
  const byKey = () => h.request(apiKey, path);
  const byCookie = () => asPerson(h, cookie, path);
  const time = async (call: () => Promise<Response>) => {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    return performance.now() - started;
  };
  // Warm both paths (the caches fill, the code is compiled), then interleave so that load affects both alike.
  for (let i = 0; i < 200; i += 1) {
    await time(byKey);
    await time(byCookie);
  }
  const keyTimes: number[] = [];
  const cookieTimes: number[] = [];
  const requests = Number(values.requests);
  for (let i = 0; i < requests; i += 1) {
    keyTimes.push(await time(byKey));
    cookieTimes.push(await time(byCookie));
  }
  const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]!;
  console.log(
    `Sign-in (POST /api/auth/sign-in/email, scrypt): p50 ${median(signIns).toFixed(1)} ms, p90 ${p(signIns, 0.9).toFixed(1)} ms over ${signIns.length}`,
  );
  console.log(
    `GET ${path} in-process, ${requests} each: key p50 ${median(keyTimes).toFixed(3)} ms, cookie p50 ${median(cookieTimes).toFixed(3)} ms; the session check adds ${(median(cookieTimes) - median(keyTimes)).toFixed(3)} ms (p99 ${p(keyTimes, 0.99).toFixed(2)} vs ${p(cookieTimes, 0.99).toFixed(2)} ms)`,
  );
} finally {
  await h.close();
}
