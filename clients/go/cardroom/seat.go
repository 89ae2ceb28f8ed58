package cardroom

import (
	"context"
	"iter"
	"sync"

	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
)

// Seat is one player's seat at a match: its token and the last state it saw.
//
// Act sends the version of that state as the expected version by default, so an action decided
// on an old view fails with *StaleVersionError instead of being applied to a state the player
// never saw. A Seat is safe for concurrent use (a watch loop and an acting loop).
type Seat struct {
	client    *Client
	MatchName string
	Token     string
	Number    int32

	mu    sync.Mutex
	State *cardroomv1.MatchState
}

// Current is the last state this seat saw.
func (s *Seat) Current() *cardroomv1.MatchState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.State
}

func (s *Seat) follow(state *cardroomv1.MatchState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if state.GetMatch().GetVersion() >= s.State.GetMatch().GetVersion() {
		s.State = state
	}
}

// Refresh reads the match again as this seat.
func (s *Seat) Refresh(ctx context.Context) (*cardroomv1.MatchState, error) {
	state, err := s.client.GetMatch(ctx, s.MatchName, s.Token)
	if err != nil {
		return nil, err
	}
	s.follow(state)
	return state, nil
}

// Start starts the match (the creator's seat only).
func (s *Seat) Start(ctx context.Context) (*cardroomv1.MatchState, error) {
	state, err := s.client.Stub.StartMatch(callContext(ctx, s.Token, s.MatchName), &cardroomv1.StartMatchRequest{Name: s.MatchName, RequestId: NewRequestID()})
	if err != nil {
		return nil, fromRPC(err)
	}
	s.follow(state)
	return state, nil
}

// Leave gives up the seat.
func (s *Seat) Leave(ctx context.Context) (*cardroomv1.MatchState, error) {
	state, err := s.client.Stub.LeaveMatch(callContext(ctx, s.Token, s.MatchName), &cardroomv1.LeaveMatchRequest{Name: s.MatchName, RequestId: NewRequestID()})
	if err != nil {
		return nil, fromRPC(err)
	}
	s.follow(state)
	return state, nil
}

// ActOption changes how Act sends an action.
type ActOption func(*cardroomv1.SubmitActionRequest)

// DecidedOn sends this expected version instead of the version of the seat's last state.
func DecidedOn(version int32) ActOption {
	return func(r *cardroomv1.SubmitActionRequest) { r.ExpectedVersion = &version }
}

// RequestID sends this idempotency key instead of a fresh one (to re-send an action whose answer
// was lost: the service applies it once and answers the same).
func RequestID(id string) ActOption {
	return func(r *cardroomv1.SubmitActionRequest) { r.RequestId = id }
}

// Act submits action (one of the state's legal actions) for this seat. It fails with
// *StaleVersionError when the match has moved on, with *Error for any other refusal.
func (s *Seat) Act(ctx context.Context, action *cardroomv1.Action, options ...ActOption) (*cardroomv1.SubmitActionResponse, error) {
	version := s.Current().GetMatch().GetVersion()
	request := &cardroomv1.SubmitActionRequest{Name: s.MatchName, Action: action, ExpectedVersion: &version, RequestId: NewRequestID()}
	for _, option := range options {
		option(request)
	}
	response, err := s.client.Stub.SubmitAction(callContext(ctx, s.Token, s.MatchName), request)
	if err != nil {
		return nil, fromRPC(err)
	}
	s.follow(response.GetState())
	return response, nil
}

// Watch yields the updates after the seat's last state as this seat sees them (see Client.Watch);
// the seat's state follows them.
func (s *Seat) Watch(ctx context.Context) iter.Seq2[*cardroomv1.MatchUpdate, error] {
	updates := s.client.Watch(ctx, s.MatchName, s.Token, s.Current().GetMatch().GetVersion())
	return func(yield func(*cardroomv1.MatchUpdate, error) bool) {
		for update, err := range updates {
			if err == nil {
				s.follow(update.GetState())
			}
			if !yield(update, err) {
				return
			}
		}
	}
}
