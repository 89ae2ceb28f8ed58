# Developer shortcuts; CI calls the scripts directly.
.PHONY: proto proto-check lint-proto

proto:  ## regenerate the Python stubs of proto/cardroom/v1 into service/cardroom/v1
	scripts/gen_proto.sh

proto-check:  ## fail if the committed stubs are stale
	scripts/gen_proto.sh --check

lint-proto:  ## buf lint (STANDARD rules)
	scripts/buf_lint.sh
