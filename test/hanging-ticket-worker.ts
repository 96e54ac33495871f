// A worker process that claims ticket e-mail jobs and never finishes them, so a test can SIGKILL it
// mid-send (the process dies holding the job, as a crashed node would). Prints "claimed" on a claim.
import { openPostgres } from "../src/server/db/client";
import { QUEUES, startJobs } from "../src/server/jobs/jobs";
import { TEST_JOB_TIMINGS } from "./app";

const database = await openPostgres(process.argv[2]!, 2);
const jobs = startJobs({ database, timings: TEST_JOB_TIMINGS, onError: () => {} });
await jobs.work(QUEUES.ticketEmail, async () => {
  process.stdout.write("claimed\n");
  await new Promise<void>(() => {});
});
process.stdout.write("ready\n");
