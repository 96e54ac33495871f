import { Loader2, LogIn, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { useAffiliatePost } from "../hooks/use-affiliate-account";

/** Signed out: 'Sign In to Get Started', back here afterwards (spec §2 Affiliate page, §5 Affiliate creation). */
export function AffiliateSignIn() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Link to={`${paths.auth}?redirect=${paths.affiliates}`} className={buttonVariants({ size: "lg-text-sm", variant: "inverse" })}>
        <LogIn aria-hidden="true" />
        Sign In to Get Started
      </Link>
      <p className="text-sm text-brand-100">Free to join. Sign in or create an account, then get your code in one click.</p>
    </div>
  );
}

/** Signed in without an account: 'Create Affiliate Account'. */
export function AffiliateCreate() {
  const { Form, posting } = useAffiliatePost();
  const creating = posting === "create";
  return (
    <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button type="submit" name="intent" value="create" size="lg" variant="inverse" disabled={creating}>
        {creating ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {creating ? "Creating..." : "Create Affiliate Account"}
      </Button>
      <p className="text-sm text-brand-100">You&apos;ll get your personal code and share link straight away.</p>
    </Form>
  );
}
