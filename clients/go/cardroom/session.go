package cardroom

import (
	"context"
	"errors"
	"io"
	"iter"
	"sync"
	"time"

	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"
)

// ErrSessionEnded is the error of an action on a play session that is over (the match ended, or the
// consumer of Updates stopped).
var ErrSessionEnded = errors.New("cardroom: the play session is over")

// Session is a realtime play session: the Play RPC (one bidirectional stream) with reconnection, the
// counterpart of the Python SDK's Session.
//
//	session := seat.Play()
//	for update, err := range session.Updates(ctx) {   // every committed update, pushed as the seat sees it
//		if err != nil { ... }
//		if actions := cardroom.LegalActions(update.GetState()); len(actions) > 0 {
//			_, err := session.Act(ctx, actions[0])     // *StaleVersionError: the next update brings the fresh view
//		}
//	}
//
// Ranging over Updates (once) opens the stream; it ends after the update that ends the match. Act sends
// an action on the open stream with a fresh request id and the version of the last update yielded as its
// expected version, and returns the version it produced once the service accepted it (its update has then
// been received: the service sends an outcome after its update, or in the same message), or the typed
// refusal (*Error, *StaleVersionError); the session goes on. Act may be called from the loop's body or
// from another goroutine: the stream is read by a goroutine of its own.
//
// A dropped stream (a server killed or restarted, a connection cut) is reopened after the last version
// received: no update is skipped or repeated. Actions sent and not yet answered are sent again with their
// request id, so the service applies each once and answers it whether it was applied before the drop or
// not. After RetryPolicy.WatchReconnects failed reopenings in a row, or on an error that is not a dropped
// connection, Updates yields that error last.
type Session struct {
	client    *Client
	MatchName string
	token     string
	follow    func(*cardroomv1.MatchState)

	mu      sync.Mutex
	last    int32                  // the last version received: a reopened stream resumes after it
	state   *cardroomv1.MatchState // of the last update yielded, or the one the session started from
	pending map[string]*pendingAction
	order   []string                                                                  // ids of pending, in the order sent
	stream  grpc.BidiStreamingClient[cardroomv1.PlayRequest, cardroomv1.PlayResponse] // nil between streams
	sendMu  sync.Mutex                                                                // one Send at a time on a stream
	queue   []*cardroomv1.MatchUpdate                                                 // received, not yet yielded
	wake    chan struct{}                                                             // has a token when queue or ended changed
	ended   error
	started bool
}

type pendingAction struct {
	request *cardroomv1.PlayRequest
	answer  chan playAnswer // capacity 1
}

type playAnswer struct {
	version int32
	err     error
}

// Play opens a play session of the token's seat (an empty token: a spectator's) on the updates after
// afterVersion.
func (c *Client) Play(matchName, token string, afterVersion int32) *Session {
	return &Session{client: c, MatchName: matchName, token: token, last: afterVersion,
		pending: map[string]*pendingAction{}, wake: make(chan struct{}, 1)}
}

// Play is this seat's play session, the main way to play: its first update is that of the version of the
// seat's state, served afresh, so the loop has a decision to make at once; the seat's state follows the
// updates yielded.
func (s *Seat) Play() *Session {
	state := s.Current()
	session := s.client.Play(s.MatchName, s.Token, max(state.GetMatch().GetVersion()-1, 0))
	session.state, session.follow = state, s.follow
	return session
}

// State is the state of the last update yielded (what the player saw), or the one the session started from.
func (s *Session) State() *cardroomv1.MatchState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

func (s *Session) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Updates yields every update after the opening version until the match ends, then stops; a failure
// (see Session) or ctx's error is yielded once, last. Range over it once.
func (s *Session) Updates(ctx context.Context) iter.Seq2[*cardroomv1.MatchUpdate, error] {
	return func(yield func(*cardroomv1.MatchUpdate, error) bool) {
		runCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		s.mu.Lock()
		if s.started {
			s.mu.Unlock()
			yield(nil, errors.New("cardroom: Session.Updates ranged over twice"))
			return
		}
		s.started = true
		s.mu.Unlock()
		go s.run(runCtx)
		defer s.finish(ErrSessionEnded)
		for {
			s.mu.Lock()
			if len(s.queue) > 0 {
				update := s.queue[0]
				s.queue = s.queue[1:]
				s.state = update.GetState()
				s.mu.Unlock()
				if s.follow != nil {
					s.follow(update.GetState())
				}
				if !yield(update, nil) {
					return
				}
				continue
			}
			ended := s.ended
			s.mu.Unlock()
			if ended != nil {
				if !errors.Is(ended, ErrSessionEnded) {
					yield(nil, ended)
				}
				return
			}
			<-s.wake
		}
	}
}

// run reads streams until the match ends, reopening dropped ones.
func (s *Session) run(ctx context.Context) {
	failures := 0
	for {
		err := s.follow1(ctx, &failures)
		if err == nil {
			s.finish(ErrSessionEnded)
			return
		}
		if ctx.Err() != nil || !resumable[status.Code(err)] || failures >= s.client.retry.WatchReconnects {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			s.finish(fromRPC(err))
			return
		}
		failures++
		select {
		case <-time.After(s.client.retry.backoff(failures)):
		case <-ctx.Done():
			s.finish(ctx.Err())
			return
		}
	}
}

// follow1 opens one stream after the last version received, sends the unanswered actions again and reads
// it to its end: nil once the match is over, else the error that dropped it.
func (s *Session) follow1(ctx context.Context, failures *int) error {
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := s.client.Stub.Play(callContext(streamCtx, "", s.MatchName), grpc.WaitForReady(true))
	if err != nil {
		return err
	}
	s.mu.Lock()
	// an accepted action's outcome in its update's message: one message fewer per action
	open := &cardroomv1.PlayOpen{Name: s.MatchName, SeatToken: s.token, AfterVersion: s.last, OutcomesInUpdates: true}
	resend := []*cardroomv1.PlayRequest{{Kind: &cardroomv1.PlayRequest_Open{Open: open}}}
	for _, id := range s.order {
		resend = append(resend, s.pending[id].request) // unanswered: sent again, answered once
	}
	s.stream = stream
	s.sendMu.Lock() // before unlocking mu: an Act sends only after these
	s.mu.Unlock()
	for _, request := range resend {
		if err := stream.Send(request); err != nil {
			break // the Recv below reports why
		}
	}
	s.sendMu.Unlock()
	defer func() {
		s.mu.Lock()
		s.stream = nil
		s.mu.Unlock()
	}()
	for {
		response, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		*failures = 0
		s.receive(response)
	}
}

func (s *Session) receive(response *cardroomv1.PlayResponse) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if update := response.GetUpdate(); update != nil {
		if update.GetVersion() > s.last { // resumed after the last received: never a repeat
			s.last = update.GetVersion()
			s.queue = append(s.queue, update)
			s.signal()
		}
		if outcome := response.GetUpdateOutcome(); outcome != nil { // the session opens with OutcomesInUpdates
			s.answer(outcome)
		}
		return
	}
	s.answer(response.GetOutcome())
}

// answer settles the pending action an outcome is for, if any (mu held).
func (s *Session) answer(outcome *cardroomv1.PlayOutcome) {
	action, ok := s.pending[outcome.GetRequestId()]
	if !ok {
		return
	}
	s.forget(outcome.GetRequestId())
	if outcome.GetAccepted() {
		action.answer <- playAnswer{version: outcome.GetVersion()}
		return
	}
	refusal := outcome.GetError()
	err := status.ErrorProto(&rpcstatus.Status{Code: refusal.GetCode(), Message: refusal.GetMessage(), Details: refusal.GetDetails()})
	action.answer <- playAnswer{err: fromRPC(err)}
}

// forget drops a pending action (mu held).
func (s *Session) forget(id string) {
	delete(s.pending, id)
	for i, pending := range s.order {
		if pending == id {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
}

func (s *Session) finish(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended != nil {
		return
	}
	s.ended = err
	for _, id := range s.order {
		s.pending[id].answer <- playAnswer{err: err}
	}
	s.pending, s.order = map[string]*pendingAction{}, nil
	s.signal()
}

// Act applies action (one of the last state's legal actions) for this session's seat, decided on the
// version of the session's state (DecidedOn to choose another; none while the session has no state):
// the version it produced. It fails with *StaleVersionError when the match has moved on, with *Error for
// any other refusal (the session goes on), with ErrSessionEnded once the session is over, or with ctx's
// error (the action may still be applied).
func (s *Session) Act(ctx context.Context, action *cardroomv1.Action, options ...ActOption) (int32, error) {
	submit := &cardroomv1.SubmitActionRequest{RequestId: NewRequestID()}
	if state := s.State(); state != nil {
		version := state.GetMatch().GetVersion()
		submit.ExpectedVersion = &version
	}
	for _, option := range options {
		option(submit)
	}
	play := &cardroomv1.PlayAction{RequestId: submit.GetRequestId(), ExpectedVersion: submit.ExpectedVersion, Action: action}
	request := &cardroomv1.PlayRequest{Kind: &cardroomv1.PlayRequest_Action{Action: play}}
	answer := make(chan playAnswer, 1)
	s.mu.Lock()
	if s.ended != nil {
		s.mu.Unlock()
		return 0, ErrSessionEnded
	}
	s.pending[play.RequestId] = &pendingAction{request: request, answer: answer}
	s.order = append(s.order, play.RequestId)
	stream := s.stream // nil: the next stream sends it after its open
	s.mu.Unlock()
	if stream != nil {
		s.sendMu.Lock()
		_ = stream.Send(request) // a failed send drops the stream: the next one sends it again
		s.sendMu.Unlock()
	}
	select {
	case result := <-answer:
		return result.version, result.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}
