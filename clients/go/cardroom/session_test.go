package cardroom_test

import (
	"context"
	"errors"
	"fmt"
	"path"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardroom/cardroom/gen/go/cardroom"
	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
)

// matchNames records the cardroom-match metadata each call of a client was sent with ("" for none), by method.
type matchNames struct {
	mu       sync.Mutex
	byMethod map[string]map[string]bool
}

func (n *matchNames) record(ctx context.Context, method string) {
	sent, _ := metadata.FromOutgoingContext(ctx)
	name := ""
	if values := sent.Get(cardroom.MatchMetadata); len(values) > 0 {
		name = values[0]
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.byMethod == nil {
		n.byMethod = map[string]map[string]bool{}
	}
	if n.byMethod[path.Base(method)] == nil {
		n.byMethod[path.Base(method)] = map[string]bool{}
	}
	n.byMethod[path.Base(method)][name] = true
}

func (n *matchNames) unary(ctx context.Context, method string, request, reply any, conn *grpc.ClientConn,
	invoker grpc.UnaryInvoker, options ...grpc.CallOption) error {
	n.record(ctx, method)
	return invoker(ctx, method, request, reply, conn, options...)
}

func (n *matchNames) stream(ctx context.Context, desc *grpc.StreamDesc, conn *grpc.ClientConn, method string,
	streamer grpc.Streamer, options ...grpc.CallOption) (grpc.ClientStream, error) {
	n.record(ctx, method)
	return streamer(ctx, desc, conn, method, options...)
}

// acceptances counts, over a client's Play streams, the accepted outcomes received in their update's message
// (update_outcome) and those received as a message of their own.
type acceptances struct{ inUpdates, alone atomic.Int32 }

func (a *acceptances) intercept(ctx context.Context, desc *grpc.StreamDesc, conn *grpc.ClientConn, method string,
	streamer grpc.Streamer, options ...grpc.CallOption) (grpc.ClientStream, error) {
	stream, err := streamer(ctx, desc, conn, method, options...)
	if err != nil {
		return nil, err
	}
	return &countedStream{ClientStream: stream, counts: a}, nil
}

type countedStream struct {
	grpc.ClientStream
	counts *acceptances
}

func (s *countedStream) RecvMsg(message any) error {
	err := s.ClientStream.RecvMsg(message)
	if response, ok := message.(*cardroomv1.PlayResponse); ok && err == nil {
		if response.GetUpdateOutcome().GetAccepted() {
			s.counts.inUpdates.Add(1)
		} else if response.GetOutcome().GetAccepted() {
			s.counts.alone.Add(1)
		}
	}
	return err
}

// playSession plays the seat's first legal action on every update that offers one, over session, until
// the match ends; before acting on a version from gateAt on it closes reached (once) and waits for gate.
// It sends the versions the session yielded, or an error.
func playSession(ctx context.Context, session *cardroom.Session, gateAt int32, reached func(), gate <-chan struct{}) <-chan any {
	done := make(chan any, 1)
	go func() {
		defer reached() // a match over before the gate does not leave the test waiting
		var seen []int32
		for update, err := range session.Updates(ctx) {
			if err != nil {
				done <- err
				return
			}
			seen = append(seen, update.GetVersion())
			actions := cardroom.LegalActions(update.GetState())
			if len(actions) == 0 {
				continue
			}
			if update.GetVersion() >= gateAt {
				reached()
				<-gate
			}
			version, err := session.Act(ctx, actions[0])
			var stale *cardroom.StaleVersionError
			if err != nil && !errors.As(err, &stale) { // stale: the next update brings the fresh view
				done <- err
				return
			}
			if err == nil && version <= update.GetVersion() {
				done <- fmt.Errorf("accepted version %d after update %d", version, update.GetVersion())
				return
			}
		}
		done <- seen
	}()
	return done
}

// everyVersionOnce checks that a session yielded each version from its first to last, once and in order.
func everyVersionOnce(t *testing.T, result any, last int32) {
	t.Helper()
	seen, ok := result.([]int32)
	if !ok || len(seen) == 0 || seen[len(seen)-1] != last {
		t.Fatalf("session ended with %v, the match at version %d", result, last)
	}
	for i, version := range seen {
		if version != seen[0]+int32(i) {
			t.Fatalf("session yielded version %d at position %d: %v", version, i, seen)
		}
	}
}

func once() (func(), <-chan struct{}) {
	reached := make(chan struct{})
	closed := false
	return func() {
		if !closed {
			closed = true
			close(reached)
		}
	}, reached
}

func TestAWholeMatchOverPlaySessionsWithARefusedAction(t *testing.T) {
	counts, names := &acceptances{}, &matchNames{}
	client := connect(t, liveAddress(t), cardroom.WithDialOptions(
		grpc.WithChainStreamInterceptor(counts.intercept, names.stream), grpc.WithUnaryInterceptor(names.unary)))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	seats := tableOfTwo(ctx, t, client)
	state, err := seats[0].Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mover, waiter := seats[state.GetToAct()[0]], seats[1-state.GetToAct()[0]]
	moverView, err := mover.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	open := make(chan struct{})
	close(open)
	waiting := waiter.Play()
	waiterPlays := playSession(ctx, waiting, 1<<30, func() {}, open)
	// refused (not its turn: nobody has moved yet) and answered on the session, which goes on
	var refusal *cardroom.Error
	if _, err := waiting.Act(ctx, cardroom.LegalActions(moverView)[0], cardroom.RequestID(cardroom.NewRequestID()),
		func(r *cardroomv1.SubmitActionRequest) { r.ExpectedVersion = nil }); !errors.As(err, &refusal) ||
		refusal.Code != codes.FailedPrecondition || refusal.Reason != "NOT_YOUR_TURN" {
		t.Fatalf("out-of-turn action on a session: %v", err)
	}
	moverPlays := playSession(ctx, mover.Play(), 1<<30, func() {}, open)
	results := []any{<-moverPlays, <-waiterPlays}
	final, err := client.GetMatch(ctx, mover.MatchName, "")
	if err != nil {
		t.Fatal(err)
	}
	if final.GetMatch().GetStatus() != cardroomv1.MatchStatus_MATCH_STATUS_FINISHED {
		t.Fatalf("match not finished: %v", final.GetMatch())
	}
	for _, result := range results {
		everyVersionOnce(t, result, final.GetMatch().GetVersion())
	}
	if mover.Current().GetMatch().GetVersion() != final.GetMatch().GetVersion() {
		t.Fatalf("the seat's state did not follow its session: %d", mover.Current().GetMatch().GetVersion())
	}
	// the sessions open with OutcomesInUpdates: an accepted action's outcome comes in its update's message,
	// alone only when the update went out before the action was answered (a race the service allows)
	if inUpdates, alone := counts.inUpdates.Load(), counts.alone.Load(); inUpdates == 0 || alone > inUpdates {
		t.Fatalf("accepted outcomes: %d in updates, %d alone", inUpdates, alone)
	}
	// every call about the match names it (a proxy in front of replicas places the match by it)
	for method, sent := range names.byMethod {
		want := map[string]bool{mover.MatchName: true}
		if method == "CreateMatch" {
			want = map[string]bool{"": true}
		}
		if fmt.Sprint(sent) != fmt.Sprint(want) {
			t.Errorf("%s sent cardroom-match %v, want %v", method, sent, want)
		}
	}
	if len(names.byMethod["Play"]) == 0 || len(names.byMethod["JoinMatch"]) == 0 {
		t.Errorf("calls seen: %v", names.byMethod)
	}
}

func TestPlaySessionsResumeAfterTheirServerIsKilled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	server := newOwnServer(t)
	server.start(t)
	defer server.kill()
	patient := cardroom.DefaultRetryPolicy
	patient.WatchReconnects = 30
	client := connect(t, fmt.Sprintf("127.0.0.1:%d", server.port), cardroom.WithRetry(patient))
	seats := tableOfTwo(ctx, t, client)
	reachedOnce, reached := once()
	gate := make(chan struct{})
	var players []<-chan any
	lock := make(chan struct{}, 1) // reachedOnce is called from both players
	for _, seat := range seats {
		players = append(players, playSession(ctx, seat.Play(), 6, func() { lock <- struct{}{}; reachedOnce(); <-lock }, gate))
	}
	<-reached
	server.kill() // both sessions' streams drop; the next actions go out once they reopen
	server.start(t)
	close(gate)
	results := []any{<-players[0], <-players[1]}
	final, err := seats[0].Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if final.GetMatch().GetStatus() != cardroomv1.MatchStatus_MATCH_STATUS_FINISHED {
		t.Fatalf("match not finished: %v", final.GetMatch())
	}
	for _, result := range results {
		everyVersionOnce(t, result, final.GetMatch().GetVersion())
	}
}
