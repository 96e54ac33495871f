import type { RateLimitRule } from "../../lib/rate-limiter";

const minutes = (n: number) => n * 60;

interface EndpointLimits {
  /** Every request from one IP address. */
  perIp: RateLimitRule;
  /** Requests naming one account (e-mail or phone), whoever sends them. */
  perAccount?: RateLimitRule & { body: "email" | "phoneNumber"; failuresOnly?: boolean };
}

/**
 * Abuse limits on the auth endpoints (issue 3 Abuse). Password sign-in counts only failures per
 * account, so a user who types their password right is never locked out by their own sign-ins.
 */
export const AUTH_LIMITS: Record<string, EndpointLimits> = {
  "/sign-in/email": {
    perIp: { limit: 60, windowSeconds: minutes(15) },
    perAccount: { body: "email", limit: 5, windowSeconds: minutes(15), failuresOnly: true },
  },
  "/sign-up/email": {
    perIp: { limit: 10, windowSeconds: minutes(60) },
    perAccount: { body: "email", limit: 3, windowSeconds: minutes(60) },
  },
  "/email-otp/send-verification-otp": {
    perIp: { limit: 20, windowSeconds: minutes(15) },
    perAccount: { body: "email", limit: 5, windowSeconds: minutes(15) },
  },
  "/sign-in/email-otp": {
    perIp: { limit: 30, windowSeconds: minutes(15) },
    perAccount: { body: "email", limit: 10, windowSeconds: minutes(15) },
  },
  "/phone-number/send-otp": {
    perIp: { limit: 20, windowSeconds: minutes(15) },
    perAccount: { body: "phoneNumber", limit: 5, windowSeconds: minutes(15) },
  },
  "/phone-number/verify": {
    perIp: { limit: 30, windowSeconds: minutes(15) },
    perAccount: { body: "phoneNumber", limit: 10, windowSeconds: minutes(15) },
  },
  "/request-password-reset": {
    perIp: { limit: 10, windowSeconds: minutes(60) },
    perAccount: { body: "email", limit: 5, windowSeconds: minutes(60) },
  },
  "/reset-password": { perIp: { limit: 20, windowSeconds: minutes(15) } },
  "/verify-email": { perIp: { limit: 30, windowSeconds: minutes(15) } },
  "/send-verification-email": {
    perIp: { limit: 10, windowSeconds: minutes(60) },
    perAccount: { body: "email", limit: 3, windowSeconds: minutes(60) },
  },
};

export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a few minutes before trying again.";
