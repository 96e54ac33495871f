export * from "./accounts";
export * from "./brand";
export * from "./errors";
export * from "./events";
export * from "./format";
export * from "./money";
export * from "./schemas";
export * from "./video";
