import { type CallOptions, Metadata } from "nice-grpc-common";

/** Call options that act as the seat of `token` (`authorization: Bearer <token>`), for either client. */
export function bearer(token: string, options: CallOptions = {}): CallOptions {
  const metadata = Metadata(options.metadata);
  metadata.set("authorization", `Bearer ${token}`);
  return { ...options, metadata };
}
