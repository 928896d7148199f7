import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiPaths, type Captcha } from '@hcm/contracts';
import { api, proofOfWorkHeader, solveProofOfWork } from '@hcm/session';

export type VerificationStatus = 'idle' | 'verifying' | 'ready' | 'failed';

export interface VerificationState {
  /** the server asked for a verification: every later attempt carries one */
  needed: boolean;
  status: VerificationStatus;
  /** gets a new challenge and solves it in the background (each one answers a single attempt) */
  prepare(): void;
  /**
   * The x-captcha value for the next attempt, once solved (waits for the solving in progress,
   * or starts one); undefined while none is needed. Rejects when no challenge could be had.
   */
  take(): Promise<string | undefined>;
}

/**
 * The sign-in's proof of work (README of the server, "Sign-in protection"): off until the server
 * asks, then a challenge from GET public/captcha solved by @hcm/session's solveProofOfWork in
 * slices, so the page stays responsive. Nothing for the user to type: the form only shows that
 * the browser is verifying.
 */
export function useVerification(): VerificationState {
  const [needed, setNeeded] = useState(false);
  // Read by take() right after prepare() in the same event (a retry): state would still be stale.
  const neededNow = useRef(false);
  const [status, setStatus] = useState<VerificationStatus>('idle');
  const solution = useRef<Promise<string> | null>(null);
  const running = useRef<AbortController | null>(null);

  const prepare = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    neededNow.current = true;
    setNeeded(true);
    setStatus('verifying');
    const solving = (async () => {
      // ignoreError: the form says the verification failed; no toast on top.
      const challenge = await api.get<Captcha>(ApiPaths.iam.captcha, { ignoreError: true });
      const nonce = await solveProofOfWork(challenge.prefix, challenge.difficulty, {
        signal: controller.signal,
      });
      return proofOfWorkHeader(challenge.prefix, nonce);
    })();
    solution.current = solving;
    solving.then(
      () => {
        if (running.current === controller) setStatus('ready');
      },
      () => {
        if (running.current === controller && !controller.signal.aborted) setStatus('failed');
      },
    );
  }, []);

  const take = useCallback(async () => {
    if (!neededNow.current) return undefined;
    if (!solution.current) prepare();
    const pending = solution.current as Promise<string>;
    // Spent by the attempt that carries it, right or wrong.
    solution.current = null;
    return pending;
  }, [prepare]);

  useEffect(() => () => running.current?.abort(), []);

  return { needed, status, prepare, take };
}
