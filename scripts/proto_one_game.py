"""Cut a buf image of proto/ down to one game, for clients that carry a single game's code.

    python3 scripts/proto_one_game.py IMAGE OUT_DIR

IMAGE is `buf build -o IMAGE` of the workspace. For every game (the files that define the
members of GameOptions' oneof, such as `cardroom/v1/flip_7.proto`) OUT_DIR/<game>.binpb, for
example `flip_7.binpb`, keeps that game's file and every file that does not depend on another
game; the other games' files are left out, and so are the fields whose type
they define (the per-game members of the oneofs of GameOptions, SeatView, Action and Event).
The game's file, a file that lost such fields, and a file that imports a renamed one are
renamed `cardroom/v1/per_game/<game>/<name>.proto`, so that their generated code sits beside
the full one (and may be generated with other options); package, message names and field
numbers are unchanged, so the cut messages read the same wire and JSON data (a member of
another game is an unknown field, skipped by decoders).

Comments travel in each file's SourceCodeInfo, whose paths index fields and imports by
position: the locations of what is removed go, and the later ones are renumbered.
Written by hand: buf and protoc have no option that removes fields from an image.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

from google.protobuf import descriptor_pb2

# FileDescriptorProto / DescriptorProto field numbers used in SourceCodeInfo paths
FILE_DEPENDENCY = 3
FILE_MESSAGE_TYPE = 4
MESSAGE_FIELD = 2
MESSAGE_NESTED_TYPE = 3


def _types_of(file: descriptor_pb2.FileDescriptorProto) -> set[str]:
    """Fully qualified names (with the leading dot) of the messages and enums ``file`` defines."""
    names: set[str] = set()

    def walk(prefix: str, messages, enums) -> None:
        for enum in enums:
            names.add(f"{prefix}.{enum.name}")
        for message in messages:
            names.add(f"{prefix}.{message.name}")
            walk(f"{prefix}.{message.name}", message.nested_type, message.enum_type)

    walk(f".{file.package}", file.message_type, file.enum_type)
    return names


def _copy(location: descriptor_pb2.SourceCodeInfo.Location) -> descriptor_pb2.SourceCodeInfo.Location:
    copy = descriptor_pb2.SourceCodeInfo.Location()
    copy.CopyFrom(location)
    return copy


def _drop_index(
    locations: list[descriptor_pb2.SourceCodeInfo.Location], prefix: tuple[int, ...], index: int
) -> list[descriptor_pb2.SourceCodeInfo.Location]:
    """The locations without element ``index`` of the list at ``prefix``, later elements renumbered."""
    depth = len(prefix)
    kept = []
    for location in locations:
        path = tuple(location.path)
        if len(path) > depth and path[:depth] == prefix and path[depth] >= index:
            if path[depth] == index:
                continue
            location.path[depth] -= 1
        kept.append(location)
    return kept


def _cut_message(
    message: descriptor_pb2.DescriptorProto,
    path: tuple[int, ...],
    dropped_types: set[str],
    locations: list[descriptor_pb2.SourceCodeInfo.Location],
) -> tuple[bool, list[descriptor_pb2.SourceCodeInfo.Location]]:
    """Remove the fields of ``message`` (and its nested messages) typed by ``dropped_types``."""
    changed = False
    for index in reversed(range(len(message.field))):
        field = message.field[index]
        if field.type_name not in dropped_types:
            continue
        if not field.HasField("oneof_index"):
            raise SystemExit(f"{message.name}.{field.name}: only oneof members may name another game's type")
        del message.field[index]
        locations = _drop_index(locations, (*path, MESSAGE_FIELD), index)
        changed = True
    for index, nested in enumerate(message.nested_type):
        nested_changed, locations = _cut_message(nested, (*path, MESSAGE_NESTED_TYPE, index), dropped_types, locations)
        changed = changed or nested_changed
    return changed, locations


def game_files(image: descriptor_pb2.FileDescriptorSet) -> list[str]:
    """The files of the games: those that define the types of GameOptions' oneof members."""
    match = next(file for file in image.file if file.name.endswith("/match.proto"))
    options = next(message for message in match.message_type if message.name == "GameOptions")
    owner = _owners(image)
    return sorted({owner[field.type_name] for field in options.field})


def _owners(image: descriptor_pb2.FileDescriptorSet) -> dict[str, str]:
    """The file that defines each message and enum of the image, by fully qualified name."""
    return {name: file.name for file in image.file for name in _types_of(file)}


def one_game(image: descriptor_pb2.FileDescriptorSet, game_file: str) -> descriptor_pb2.FileDescriptorSet:
    """The image cut down to the game of ``game_file``."""
    owner = _owners(image)
    dropped = set(game_files(image)) - {game_file}
    dropped_types = {name for name, file in owner.items() if file in dropped}
    stem = PurePosixPath(game_file).stem
    renamed: dict[str, str] = {}
    out = descriptor_pb2.FileDescriptorSet()
    for source in image.file:  # an image lists every file after its imports
        if source.name in dropped:
            continue
        file = out.file.add()
        file.CopyFrom(source)
        locations = [_copy(location) for location in file.source_code_info.location]
        changed = False
        for index, message in enumerate(file.message_type):
            message_changed, locations = _cut_message(message, (FILE_MESSAGE_TYPE, index), dropped_types, locations)
            changed = changed or message_changed
        for index in reversed(range(len(file.dependency))):
            dependency = file.dependency[index]
            if dependency in dropped:
                if file.public_dependency or file.weak_dependency:
                    raise SystemExit(f"{file.name}: public and weak imports are not handled")
                del file.dependency[index]
                locations = _drop_index(locations, (FILE_DEPENDENCY,), index)
                changed = True
            elif dependency in renamed:
                file.dependency[index] = renamed[dependency]
                changed = True
        del file.source_code_info.location[:]
        file.source_code_info.location.extend(locations)
        if changed or file.name == game_file:
            path = PurePosixPath(file.name)
            renamed[file.name] = str(path.parent / "per_game" / stem / path.name)
            file.name = renamed[file.name]
    return out


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    image = descriptor_pb2.FileDescriptorSet.FromString(Path(argv[0]).read_bytes())
    for game_file in game_files(image):
        out = Path(argv[1]) / f"{PurePosixPath(game_file).stem}.binpb"
        out.write_bytes(one_game(image, game_file).SerializeToString())


if __name__ == "__main__":
    main(sys.argv[1:])
