package dev.cardroom.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generated Java stubs against a live service (run through tests/support/live_server.py, which
 * sets CARDROOM_GRPC_ADDRESS): a short Up or Down? match between two seats with their own tokens,
 * random legal actions decided on each seat's own view, a spectator stream that sees every version.
 */
class LiveMatchTest {
  private ManagedChannel channel;
  private GameServiceGrpc.GameServiceBlockingStub service;

  @BeforeEach
  void connect() {
    String address = System.getenv("CARDROOM_GRPC_ADDRESS");
    assertNotNull(address, "run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS)");
    channel = ManagedChannelBuilder.forTarget(address).usePlaintext().build();
    service = GameServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
  }

  @AfterEach
  void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  private GameServiceGrpc.GameServiceBlockingStub as(String token) {
    Metadata headers = new Metadata();
    headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    return service.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
  }

  private static String requestId() {
    return UUID.randomUUID().toString();
  }

  @Test
  void playsAFullMatch() {
    List<String> games = new ArrayList<>();
    for (Game game : service.listGames(ListGamesRequest.getDefaultInstance()).getGamesList()) {
      games.add(game.getGameId());
    }
    assertEquals(List.of("flip-7", "pumba", "pumptown", "up-or-down"), games.stream().sorted().toList());

    CreateMatchResponse created = service.createMatch(CreateMatchRequest.newBuilder()
        .setParent("games/up-or-down")
        .setSeatCount(2)
        .setPlayerName("java-0")
        .setOptions(GameOptions.newBuilder().setUpOrDown(UpOrDownOptions.newBuilder().setCardRange("SHORT")))
        .setRequestId(requestId())
        .build());
    String name = created.getState().getMatch().getName();
    JoinMatchResponse joined = service.joinMatch(
        JoinMatchRequest.newBuilder().setName(name).setPlayerName("java-1").setRequestId(requestId()).build());
    assertEquals(1, joined.getSeat());
    String[] tokens = {created.getSeatToken(), joined.getSeatToken()};
    Iterator<MatchUpdate> spectator = service.withDeadlineAfter(120, TimeUnit.SECONDS)
        .watchMatch(WatchMatchRequest.newBuilder().setName(name).build());

    MatchState started = as(tokens[0]).startMatch(
        StartMatchRequest.newBuilder().setName(name).setRequestId(requestId()).build());
    assertEquals(MatchStatus.MATCH_STATUS_ACTIVE, started.getMatch().getStatus());

    // a refusal carries its reason in google.rpc.ErrorInfo
    int waiting = 1 - started.getToAct(0);
    MatchState mover = as(tokens[1 - waiting]).getMatch(GetMatchRequest.newBuilder().setName(name)
        .setLegalActionsForm(LegalActionsForm.LEGAL_ACTIONS_FORM_FLAT).build());
    StatusRuntimeException refused = assertThrows(StatusRuntimeException.class, () -> as(tokens[waiting]).submitAction(
        SubmitActionRequest.newBuilder().setName(name).setAction(mover.getLegalActions(0))
            .setRequestId(requestId()).build()));
    assertEquals(Status.Code.FAILED_PRECONDITION, refused.getStatus().getCode());
    assertTrue(StatusProto.fromThrowable(refused).getDetailsList().stream()
        .anyMatch(detail -> detail.getTypeUrl().endsWith("google.rpc.ErrorInfo")));

    Random random = new Random(7);
    MatchState state = started;
    for (int step = 0; step < 5000 && state.getMatch().getStatus() == MatchStatus.MATCH_STATUS_ACTIVE; step++) {
      int seat = state.getToAct(random.nextInt(state.getToActCount()));
      MatchState mine = as(tokens[seat]).getMatch(GetMatchRequest.newBuilder().setName(name)
          .setLegalActionsForm(LegalActionsForm.LEGAL_ACTIONS_FORM_FLAT).build()); // every action listed
      assertEquals(seat, mine.getYourSeat());
      Action action = mine.getLegalActions(random.nextInt(mine.getLegalActionsCount()));
      SubmitActionResponse answer = as(tokens[seat]).submitAction(SubmitActionRequest.newBuilder()
          .setName(name).setAction(action).setExpectedVersion(mine.getMatch().getVersion())
          .setRequestId(requestId()).build());
      assertEquals(mine.getMatch().getVersion() + 1, answer.getState().getMatch().getVersion());
      state = answer.getState();
    }
    assertEquals(MatchStatus.MATCH_STATUS_FINISHED, state.getMatch().getStatus());
    assertTrue(state.getResult().getWinnersCount() > 0);

    int lastVersion = 0;
    while (spectator.hasNext()) {
      MatchUpdate update = spectator.next();
      assertEquals(lastVersion + 1, update.getVersion());
      lastVersion = update.getVersion();
    }
    assertEquals(state.getMatch().getVersion(), lastVersion);
  }
}
