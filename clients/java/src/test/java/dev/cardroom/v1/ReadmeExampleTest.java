package dev.cardroom.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Java example of the repository README's "Build a frontend", run against the live service. */
class ReadmeExampleTest {
  // README: the text from here to the end marker is the README's ```java block
  /** Two seats play their first legal action in turn until the match ends; returns the final state. */
  static MatchState playToTheEnd(String address) throws InterruptedException {
    ManagedChannel channel = ManagedChannelBuilder.forTarget(address).usePlaintext().build(); // TLS: drop usePlaintext
    try {
      GameServiceGrpc.GameServiceBlockingStub service = GameServiceGrpc.newBlockingStub(channel);
      CreateMatchResponse me = service.createMatch(CreateMatchRequest.newBuilder().setParent("games/up-or-down")
          .setSeatCount(2).setPlayerName("ann").setRequestId(UUID.randomUUID().toString()).build());
      String name = me.getState().getMatch().getName();
      JoinMatchResponse bob = service.joinMatch(JoinMatchRequest.newBuilder().setName(name) // on another device
          .setPlayerName("bob").setRequestId(UUID.randomUUID().toString()).build());
      List<GameServiceGrpc.GameServiceBlockingStub> seats =
          List.of(asSeat(service, me.getSeatToken()), asSeat(service, bob.getSeatToken()));
      MatchState state = seats.get(0).startMatch(
          StartMatchRequest.newBuilder().setName(name).setRequestId(UUID.randomUUID().toString()).build());
      while (state.getMatch().getStatus() == MatchStatus.MATCH_STATUS_ACTIVE) {
        GameServiceGrpc.GameServiceBlockingStub seat = seats.get(state.getToAct(0));
        MatchState view = seat.getMatch(GetMatchRequest.newBuilder().setName(name) // that seat's view, every action
            .setLegalActionsForm(LegalActionsForm.LEGAL_ACTIONS_FORM_FLAT).build());
        state = seat.submitAction(SubmitActionRequest.newBuilder().setName(name).setAction(view.getLegalActions(0))
            .setExpectedVersion(view.getMatch().getVersion()).setRequestId(UUID.randomUUID().toString()).build())
            .getState();
      }
      return state;
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  /** The stub acting as the seat of a token: `authorization: Bearer <token>` on every call. */
  static GameServiceGrpc.GameServiceBlockingStub asSeat(GameServiceGrpc.GameServiceBlockingStub stub, String token) {
    Metadata headers = new Metadata();
    headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
  }
  // README: end

  @Test
  void theReadmeExamplePlaysAMatch() throws InterruptedException {
    String address = System.getenv("CARDROOM_GRPC_ADDRESS");
    assertNotNull(address, "run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS)");
    MatchState last = playToTheEnd(address);
    assertEquals(MatchStatus.MATCH_STATUS_FINISHED, last.getMatch().getStatus());
    assertTrue(last.getResult().getWinnersCount() > 0);
  }

  @Test
  void theRepositoryReadmeShowsTheExample() throws IOException {
    String source = Files.readString(Path.of("src/test/java/dev/cardroom/v1/ReadmeExampleTest.java"));
    Matcher marked = Pattern.compile("(?s)  // README: the text[^\n]*\n(.*?)  // README: end\n").matcher(source);
    assertTrue(marked.find(), "no README markers in ReadmeExampleTest.java");
    String example = marked.group(1).replaceAll("(?m)^  ", "");
    String readme = Files.readString(Path.of("../../README.md"));
    assertTrue(readme.contains("```java\n" + example + "```\n"),
        "README.md's ```java block is not ReadmeExampleTest's example; it should read:\n" + example);
  }
}
