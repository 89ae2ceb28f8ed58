"""scripts/proto_one_game.py: each game's cut of proto/ is a valid descriptor set with that game's oneof members
only, the field numbers unchanged and every remaining comment still on its own element (the TypeScript one-game
messages are generated from these cuts, comments included)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import google.api.annotations_pb2
import grpc_tools
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[2]
GAMES = [f"cardroom/v1/{stem}.proto" for stem in ("flip_7", "pumba", "pumptown", "up_or_down")]
ONEOF_MESSAGES = ["GameOptions", "SeatView", "Action", "Event"]


def _load_script():
    spec = importlib.util.spec_from_file_location("proto_one_game", ROOT / "scripts" / "proto_one_game.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> descriptor_pb2.FileDescriptorSet:
    """proto/ as a descriptor set with its imports and comments, as `buf build` gives it."""
    out = tmp_path_factory.mktemp("image") / "all.binpb"
    includes = [
        ROOT / "proto",
        Path(google.api.annotations_pb2.__file__).parents[2],
        Path(grpc_tools.__file__).parent / "_proto",
    ]
    files = [str(path.relative_to(ROOT / "proto")) for path in sorted((ROOT / "proto").rglob("*.proto"))]
    args = ["protoc", *(f"-I{path}" for path in includes), f"--descriptor_set_out={out}"]
    assert protoc.main([*args, "--include_imports", "--include_source_info", *files]) == 0
    return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


def _comments(file: descriptor_pb2.FileDescriptorProto) -> dict[str, str]:
    """The leading comment of every message and field of ``file``, by qualified name."""
    by_path = {tuple(location.path): location.leading_comments for location in file.source_code_info.location}
    comments = {}
    for index, message in enumerate(file.message_type):
        comments[message.name] = by_path.get((4, index), "")
        for field_index, field in enumerate(message.field):
            comments[f"{message.name}.{field.name}"] = by_path.get((4, index, 2, field_index), "")
    return comments


def test_the_games_are_found_from_game_options(image: descriptor_pb2.FileDescriptorSet) -> None:
    assert _load_script().game_files(image) == GAMES


@pytest.mark.parametrize("game_file", GAMES)
def test_a_cut_keeps_one_game(image: descriptor_pb2.FileDescriptorSet, game_file: str) -> None:
    cut = _load_script().one_game(image, game_file)
    stem = Path(game_file).stem
    names = [file.name for file in cut.file]
    assert not set(GAMES) & set(names)
    for name in (stem, "match", "game_service"):
        assert f"cardroom/v1/per_game/{stem}/{name}.proto" in names
    pool = descriptor_pool.DescriptorPool()
    for file in cut.file:  # fails on a dangling import or type
        pool.Add(file)

    original = {file.name: file for file in image.file}
    full_match = original["cardroom/v1/match.proto"]
    match = next(file for file in cut.file if file.name.endswith("/match.proto"))
    full_messages = {message.name: message for message in full_match.message_type}
    for message in match.message_type:
        full = full_messages[message.name]
        if message.name in ONEOF_MESSAGES:
            (member,) = message.field
            assert pool.FindMessageTypeByName(member.type_name[1:]).file.name.endswith(f"/{stem}.proto")
            same = next(field for field in full.field if field.name == member.name)
            assert (member.number, member.oneof_index) == (same.number, same.oneof_index)
        else:
            assert message == full
    full_comments = _comments(full_match)
    for name, comment in _comments(match).items():
        assert comment == full_comments[name], name
    assert f"cardroom/v1/per_game/{stem}/{stem}.proto" in match.dependency
