import { jobKind } from '../../src/server/modules/jobs/jobs.service';

/** The kill -9 test's job: a run longer than 2 s is taken for dead and retried by a supervisor. */
export const blockingJob = jobKind<{ fact: string }>({
  name: 'test-blocking',
  retryLimit: 3,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 2,
});
