// Live tests of the SDK: run through tests/support/live_server.py, which starts redis-server and
// `cardroom serve` on 127.0.0.1 and passes the address in CARDROOM_GRPC_ADDRESS (and what a test
// needs to start a server of its own in CARDROOM_TEST_*):
//
//	python tests/support/live_server.py -- go -C clients/go test -count=1 ./...
package cardroom_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/cardroom/cardroom/gen/go/cardroom"
	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

func liveAddress(t *testing.T) string {
	t.Helper()
	address := os.Getenv("CARDROOM_GRPC_ADDRESS")
	if address == "" {
		t.Fatal("run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS)")
	}
	return address
}

func connect(t *testing.T, address string, options ...cardroom.Option) *cardroom.Client {
	t.Helper()
	client, err := cardroom.Connect(address, append([]cardroom.Option{cardroom.WithInsecure()}, options...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	return client
}

var shortDeck = cardroom.GameOptions(&cardroomv1.GameOptions{Game: &cardroomv1.GameOptions_UpOrDown{
	UpOrDown: &cardroomv1.UpOrDownOptions{CardRange: proto.String("SHORT")},
}})

// tableOfTwo creates and starts a 2-seat Up or Down? match; the seats are indexed by seat number.
func tableOfTwo(ctx context.Context, t *testing.T, client *cardroom.Client) []*cardroom.Seat {
	t.Helper()
	creator, err := client.CreateMatch(ctx, "up-or-down", 2, cardroom.PlayerName("go-0"), shortDeck)
	if err != nil {
		t.Fatal(err)
	}
	joiner, err := client.JoinMatch(ctx, creator.MatchName, "go-1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := creator.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return []*cardroom.Seat{creator, joiner}
}

// playStep makes one seat that is to act play a random legal action decided on its fresh view.
func playStep(ctx context.Context, t *testing.T, seats []*cardroom.Seat, random *rand.Rand) *cardroomv1.MatchState {
	t.Helper()
	state, err := seats[0].Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	toAct := state.GetToAct()
	seat := seats[toAct[random.IntN(len(toAct))]]
	mine, err := seat.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	legal := cardroom.LegalActions(mine)
	answer, err := seat.Act(ctx, legal[random.IntN(len(legal))])
	if err != nil {
		t.Fatal(err)
	}
	return answer.GetState()
}

func active(state *cardroomv1.MatchState) bool {
	return state.GetMatch().GetStatus() == cardroomv1.MatchStatus_MATCH_STATUS_ACTIVE
}

// collect gathers the versions a watch yields, in order, until it ends; its error, if any, last.
func collect(ctx context.Context, client *cardroom.Client, name string) <-chan []int32 {
	done := make(chan []int32, 1)
	go func() {
		var versions []int32
		for update, err := range client.Watch(ctx, name, "", 0) {
			if err != nil {
				versions = append(versions, -1)
				break
			}
			versions = append(versions, update.GetVersion())
		}
		done <- versions
	}()
	return done
}

func checkDense(t *testing.T, versions []int32, last int32) {
	t.Helper()
	if int32(len(versions)) != last {
		t.Fatalf("watch yielded %d versions, the match has %d: %v", len(versions), last, versions)
	}
	for i, version := range versions {
		if version != int32(i+1) {
			t.Fatalf("watch yielded version %d at position %d: %v", version, i, versions)
		}
	}
}

func TestAFullMatchWithAWatchingSpectator(t *testing.T) {
	client := connect(t, liveAddress(t))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	games, err := client.ListGames(ctx)
	if err != nil || len(games) != 4 {
		t.Fatalf("catalog %v, %v", games, err)
	}
	seats := tableOfTwo(ctx, t, client)
	watched := collect(ctx, client, seats[0].MatchName)
	random := rand.New(rand.NewPCG(1, 2))
	state := seats[0].Current()
	for step := 0; step < 5000 && active(state); step++ {
		state = playStep(ctx, t, seats, random)
	}
	if state.GetMatch().GetStatus() != cardroomv1.MatchStatus_MATCH_STATUS_FINISHED || len(state.GetResult().GetWinners()) == 0 {
		t.Fatalf("match not finished: %v", state.GetMatch().GetStatus())
	}
	checkDense(t, <-watched, state.GetMatch().GetVersion())
}

func TestTypedErrorsCarryTheReasonAndTheCurrentVersion(t *testing.T) {
	client := connect(t, liveAddress(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	seats := tableOfTwo(ctx, t, client)
	state, err := seats[0].Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mover, waiter := seats[state.GetToAct()[0]], seats[1-state.GetToAct()[0]]
	moverState, _ := mover.Refresh(ctx)
	waiterState, _ := waiter.Refresh(ctx)

	// out of turn: a rules refusal, FAILED_PRECONDITION with the rules file's reason
	_, err = waiter.Act(ctx, cardroom.LegalActions(moverState)[0])
	var refusal *cardroom.Error
	if !errors.As(err, &refusal) || refusal.Code != codes.FailedPrecondition || refusal.Reason == "" {
		t.Fatalf("out of turn: %v", err)
	}

	// decided on an old version: StaleVersionError with the current version
	started := waiterState.GetMatch().GetVersion()
	if _, err := mover.Act(ctx, cardroom.LegalActions(moverState)[0]); err != nil {
		t.Fatal(err)
	}
	fresh, _ := mover.Refresh(ctx)
	_, err = mover.Act(ctx, cardroom.LegalActions(fresh)[0], cardroom.DecidedOn(started))
	var stale *cardroom.StaleVersionError
	if !errors.As(err, &stale) || stale.CurrentVersion != started+1 {
		t.Fatalf("stale: %v", err)
	}
	if !errors.As(err, &refusal) || refusal.Code != codes.Aborted || refusal.Reason != "STALE_VERSION" {
		t.Fatalf("a stale version is also an *Error: %v", err)
	}

	// an unknown match and a spectator acting
	_, err = client.GetMatch(ctx, "games/up-or-down/matches/nosuchmatch", "")
	if !errors.As(err, &refusal) || refusal.Code != codes.NotFound || !cardroom.IsReason(err, "MATCH_NOT_FOUND") {
		t.Fatalf("unknown match: %v", err)
	}
	_, err = client.Stub.SubmitAction(ctx, &cardroomv1.SubmitActionRequest{Name: mover.MatchName, Action: cardroom.LegalActions(fresh)[0], RequestId: cardroom.NewRequestID()})
	if status.Code(err) != codes.Unauthenticated {
		t.Fatalf("a spectator's action: %v", err)
	}

	// the same request id sent twice is applied once and answered the same
	id := cardroom.NewRequestID()
	first, err := mover.Act(ctx, cardroom.LegalActions(fresh)[0], cardroom.RequestID(id), cardroom.DecidedOn(fresh.GetMatch().GetVersion()))
	if err != nil {
		t.Fatal(err)
	}
	again, err := mover.Act(ctx, cardroom.LegalActions(fresh)[0], cardroom.RequestID(id), cardroom.DecidedOn(fresh.GetMatch().GetVersion()))
	if err != nil || again.GetState().GetMatch().GetVersion() != first.GetState().GetMatch().GetVersion() {
		t.Fatalf("retried request: %v, versions %d and %d", err, first.GetState().GetMatch().GetVersion(), again.GetState().GetMatch().GetVersion())
	}
}

// ownServer runs `cardroom serve` against the live test's Redis on the one port live_server.py keeps
// for a server of the test's own (below the ephemeral range, so no outgoing connection takes it while
// the server is down), through its own_server.py: a process this test starts and kills by PID. The
// server's log goes to the test's stderr, which `go test` shows when a test fails.
type ownServer struct {
	port   int
	cmd    *exec.Cmd
	exited chan error
}

func newOwnServer(t *testing.T) *ownServer {
	t.Helper()
	port, err := strconv.Atoi(os.Getenv("CARDROOM_TEST_OWN_GRPC_PORT"))
	if err != nil {
		t.Fatal("run through tests/support/live_server.py (CARDROOM_TEST_OWN_GRPC_PORT)")
	}
	return &ownServer{port: port}
}

// start runs the server and returns once gRPC health says SERVING; it fails at once if the server exits.
func (s *ownServer) start(t *testing.T) {
	t.Helper()
	s.cmd = exec.Command(os.Getenv("CARDROOM_TEST_PYTHON"), os.Getenv("CARDROOM_TEST_OWN_SERVER"))
	s.cmd.Stdout, s.cmd.Stderr = os.Stderr, os.Stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.exited = make(chan error, 1)
	go func(cmd *exec.Cmd, exited chan<- error) { exited <- cmd.Wait() }(s.cmd, s.exited)
	conn, err := grpc.NewClient(fmt.Sprintf("127.0.0.1:%d", s.port), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	health := healthpb.NewHealthClient(conn)
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		select {
		case err := <-s.exited:
			s.cmd = nil
			t.Fatalf("own server exited before serving: %v (its log is above)", err)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		reply, err := health.Check(ctx, &healthpb.HealthCheckRequest{})
		cancel()
		if err == nil && reply.GetStatus() == healthpb.HealthCheckResponse_SERVING {
			return
		}
	}
	t.Fatal("own server not serving after 60 s (its log is above)")
}

func (s *ownServer) kill() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(syscall.SIGKILL)
		<-s.exited
		s.cmd = nil
	}
}

func TestWatchResumesAfterItsServerIsKilled(t *testing.T) {
	player := connect(t, liveAddress(t))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	server := newOwnServer(t)
	server.start(t)
	defer server.kill()
	patient := cardroom.DefaultRetryPolicy
	patient.WatchReconnects = 30
	watcher := connect(t, fmt.Sprintf("127.0.0.1:%d", server.port), cardroom.WithRetry(patient))

	seats := tableOfTwo(ctx, t, player)
	watched := collect(ctx, watcher, seats[0].MatchName)
	random := rand.New(rand.NewPCG(3, 4))
	state := seats[0].Current()
	for step := 0; step < 5 && active(state); step++ {
		state = playStep(ctx, t, seats, random)
	}
	server.kill()
	for step := 0; step < 5 && active(state); step++ {
		state = playStep(ctx, t, seats, random) // versions committed while the watcher's server is down
	}
	server.start(t)
	for step := 0; step < 5000 && active(state); step++ {
		state = playStep(ctx, t, seats, random)
	}
	checkDense(t, <-watched, state.GetMatch().GetVersion())
}
