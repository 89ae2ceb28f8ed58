// Package livetest plays a match through the generated Go stubs against a live service. Run it
// through tests/support/live_server.py, which starts redis-server and `cardroom serve` on 127.0.0.1
// and passes the address in CARDROOM_GRPC_ADDRESS:
//
//	python tests/support/live_server.py -- go -C clients/go test ./livetest
package livetest

import (
	"context"
	"errors"
	"io"
	mathrand "math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// flat asks for every legal action in the answer (the default lists compact sets, which the SDK's
// cardroom.LegalActions expands; these raw-stub tests read the flat list).
const flat = cardroomv1.LegalActionsForm_LEGAL_ACTIONS_FORM_FLAT

// requestID is a random UUID in its canonical form, the only request_id the service accepts (AIP-155).
func requestID() string { return uuid.NewString() }

func as(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

func TestPlaysAFullMatch(t *testing.T) {
	address := os.Getenv("CARDROOM_GRPC_ADDRESS")
	if address == "" {
		t.Fatal("run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS)")
	}
	connection, err := grpc.NewClient(address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer connection.Close()
	service := cardroomv1.NewGameServiceClient(connection)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	catalog, err := service.ListGames(ctx, &cardroomv1.ListGamesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, game := range catalog.GetGames() {
		games = append(games, game.GetGameId())
	}
	slices.Sort(games)
	if !slices.Equal(games, []string{"flip-7", "pumba", "pumptown", "up-or-down"}) {
		t.Fatalf("games %v", games)
	}

	created, err := service.CreateMatch(ctx, &cardroomv1.CreateMatchRequest{
		Parent:     "games/up-or-down",
		SeatCount:  2,
		PlayerName: "go-0",
		Options: &cardroomv1.GameOptions{Game: &cardroomv1.GameOptions_UpOrDown{
			UpOrDown: &cardroomv1.UpOrDownOptions{CardRange: proto.String("SHORT")},
		}},
		RequestId: requestID(),
	})
	if err != nil {
		t.Fatal(err)
	}
	name := created.GetState().GetMatch().GetName()
	joined, err := service.JoinMatch(ctx, &cardroomv1.JoinMatchRequest{Name: name, PlayerName: "go-1", RequestId: requestID()})
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{created.GetSeatToken(), joined.GetSeatToken()}
	spectator, err := service.WatchMatch(ctx, &cardroomv1.WatchMatchRequest{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	started, err := service.StartMatch(as(ctx, tokens[0]), &cardroomv1.StartMatchRequest{Name: name, RequestId: requestID()})
	if err != nil {
		t.Fatal(err)
	}

	// a refusal carries its reason in google.rpc.ErrorInfo
	waiting := 1 - started.GetToAct()[0]
	mover, err := service.GetMatch(as(ctx, tokens[1-waiting]), &cardroomv1.GetMatchRequest{Name: name, LegalActionsForm: flat})
	if err != nil {
		t.Fatal(err)
	}
	_, err = service.SubmitAction(as(ctx, tokens[waiting]), &cardroomv1.SubmitActionRequest{
		Name: name, Action: mover.GetLegalActions()[0], RequestId: requestID(),
	})
	refusal := status.Convert(err)
	if refusal.Code() != codes.FailedPrecondition {
		t.Fatalf("out of turn: %v", err)
	}
	reasons := []string{}
	for _, detail := range refusal.Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			reasons = append(reasons, info.GetReason())
		}
	}
	if len(reasons) != 1 || reasons[0] == "" {
		t.Fatalf("ErrorInfo reasons %v", reasons)
	}

	random := mathrand.New(mathrand.NewPCG(7, 7))
	state := started
	for step := 0; step < 5000 && state.GetMatch().GetStatus() == cardroomv1.MatchStatus_MATCH_STATUS_ACTIVE; step++ {
		seat := state.GetToAct()[random.IntN(len(state.GetToAct()))]
		mine, err := service.GetMatch(as(ctx, tokens[seat]), &cardroomv1.GetMatchRequest{Name: name, LegalActionsForm: flat})
		if err != nil {
			t.Fatal(err)
		}
		if mine.GetYourSeat() != seat {
			t.Fatalf("view of seat %d for seat %d", mine.GetYourSeat(), seat)
		}
		legal := mine.GetLegalActions()
		version := mine.GetMatch().GetVersion()
		answer, err := service.SubmitAction(as(ctx, tokens[seat]), &cardroomv1.SubmitActionRequest{
			Name: name, Action: legal[random.IntN(len(legal))], ExpectedVersion: proto.Int32(version), RequestId: requestID(),
		})
		if err != nil {
			t.Fatal(err)
		}
		if answer.GetState().GetMatch().GetVersion() != version+1 {
			t.Fatalf("version %d after %d", answer.GetState().GetMatch().GetVersion(), version)
		}
		state = answer.GetState()
	}
	if state.GetMatch().GetStatus() != cardroomv1.MatchStatus_MATCH_STATUS_FINISHED || len(state.GetResult().GetWinners()) == 0 {
		t.Fatalf("match not finished: %v", state.GetMatch().GetStatus())
	}

	last := int32(0)
	for {
		update, err := spectator.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if update.GetVersion() != last+1 {
			t.Fatalf("spectator saw version %d after %d", update.GetVersion(), last)
		}
		last = update.GetVersion()
	}
	if last != state.GetMatch().GetVersion() {
		t.Fatalf("spectator ended at %d, match at %d", last, state.GetMatch().GetVersion())
	}
}
