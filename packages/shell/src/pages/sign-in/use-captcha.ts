import { useCallback, useRef, useState } from 'react';
import { ApiPaths, type Captcha } from '@hcm/contracts';
import { api } from '@hcm/session';

export interface CaptchaState {
  /** the server asked for a captcha: the form shows it and sends the answer */
  needed: boolean;
  challenge: Captcha | null;
  loading: boolean;
  failed: boolean;
  answer: string;
  setAnswer(answer: string): void;
  /** asks for a new picture (each one answers a single attempt, right or wrong) */
  refresh(): Promise<void>;
}

/**
 * The sign-in captcha: off until the server asks for it, then a picture from GET public/captcha
 * and the user's answer. A picture is spent by any attempt, so every failure loads a new one.
 */
export function useCaptcha(): CaptchaState {
  const [needed, setNeeded] = useState(false);
  const [challenge, setChallenge] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [answer, setAnswer] = useState('');
  // Only the latest request's picture is shown when the user clicks "new code" quickly.
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const request = ++latest.current;
    setNeeded(true);
    setLoading(true);
    setFailed(false);
    setAnswer('');
    try {
      // ignoreError: the field says the picture could not be loaded; no toast on top.
      const next = await api.get<Captcha>(ApiPaths.iam.captcha, { ignoreError: true });
      if (request !== latest.current) return;
      setChallenge(next);
    } catch {
      if (request !== latest.current) return;
      setChallenge(null);
      setFailed(true);
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, []);

  return { needed, challenge, loading, failed, answer, setAnswer, refresh };
}
