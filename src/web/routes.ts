import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("events", "routes/events.tsx"),
  route("events/:id", "routes/event-detail.tsx"),
  route("categories", "routes/categories.tsx"),
  route("auth", "routes/auth.tsx"),
  // Before "profile/:username", which would otherwise read "edit" as a username.
  route("profile/edit", "routes/profile-edit.tsx"),
  route("profile/:username", "routes/profile.tsx"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("create-event", "routes/create-event.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout/test/:sessionId", "routes/checkout-test.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-cancel", "routes/payment-cancel.tsx"),
  route("affiliates", "routes/affiliates.tsx"),
  route("my-tickets", "routes/my-tickets.tsx"),
  route("resend-ticket", "routes/resend-ticket.tsx"),
  route("email-test", "routes/email-test.tsx"),
  route("check-in", "routes/check-in.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
