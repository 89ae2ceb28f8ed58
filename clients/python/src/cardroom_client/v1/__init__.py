"""Generated protobuf and gRPC stubs of proto/cardroom/v1 (scripts/gen_clients.sh)."""
