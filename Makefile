# Developer shortcuts; CI calls the scripts directly.
.PHONY: proto proto-check lint-proto breaking-proto clients clients-check openapi openapi-check

proto:  ## regenerate the Python stubs of proto/cardroom/v1 into service/cardroom/v1
	scripts/gen_proto.sh

proto-check:  ## fail if the committed stubs are stale
	scripts/gen_proto.sh --check

lint-proto:  ## buf lint (STANDARD rules)
	scripts/buf_lint.sh

breaking-proto:  ## buf breaking against proto-baseline/ (WIRE_JSON rules)
	scripts/buf_breaking.sh

clients:  ## regenerate the client stubs of proto/ into clients/ (buf.gen.clients.yaml, buf.gen.typescript.yaml)
	scripts/gen_clients.sh

clients-check:  ## fail if the committed client stubs are stale
	scripts/gen_clients.sh --check

openapi:  ## regenerate service/cardroom/api/openapi.json from proto/ (after any proto change, comments included)
	scripts/gen_openapi.sh

openapi-check:  ## fail if the committed OpenAPI document is stale
	scripts/gen_openapi.sh --check
