"""protoc plugin for buf: the Python generators of grpcio-tools (messages, .pyi, gRPC stubs).

Written by hand because grpcio-tools ships its generators only inside its bundled
protoc, not as standalone plugins buf could run. This reads buf's CodeGeneratorRequest,
hands its descriptors to that protoc (`--python_out --pyi_out --grpc_python_out`) and
sends the generated files back.

Two details keep the output byte for byte what scripts/gen_proto.sh writes from the
.proto sources: buf fills in every field's default `json_name`, which protoc would then
embed in the serialized descriptors, so the defaults are removed again; and files
without a service get no `_pb2_grpc.py`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from google.protobuf import descriptor_pb2
from google.protobuf.compiler import plugin_pb2


def _default_json_name(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _strip_default_json_names(messages) -> None:
    for message in messages:
        for field in message.field:
            if field.json_name == _default_json_name(field.name):
                field.ClearField("json_name")
        _strip_default_json_names(message.nested_type)


def main() -> None:
    request = plugin_pb2.CodeGeneratorRequest.FromString(sys.stdin.buffer.read())
    for proto in request.proto_file:
        _strip_default_json_names(proto.message_type)
    response = plugin_pb2.CodeGeneratorResponse(
        supported_features=plugin_pb2.CodeGeneratorResponse.FEATURE_PROTO3_OPTIONAL
    )
    with tempfile.TemporaryDirectory() as tmp:
        descriptors = Path(tmp, "descriptors.binpb")
        descriptors.write_bytes(descriptor_pb2.FileDescriptorSet(file=request.proto_file).SerializeToString())
        out = Path(tmp, "out")
        out.mkdir()
        with_services = {proto.name for proto in request.proto_file if proto.service}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "grpc_tools.protoc",
                f"--descriptor_set_in={descriptors}",
                f"--python_out={out}",
                f"--pyi_out={out}",
                f"--grpc_python_out={out}",
                *request.file_to_generate,
            ],
            check=True,
        )
        for path in sorted(out.rglob("*.py*")):
            name = path.relative_to(out).as_posix()
            if name.endswith("_pb2_grpc.py") and name.removesuffix("_pb2_grpc.py") + ".proto" not in with_services:
                continue
            response.file.add(name=name, content=path.read_text())
    sys.stdout.buffer.write(response.SerializeToString())


if __name__ == "__main__":
    main()
