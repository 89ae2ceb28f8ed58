// Package cardroom is a thin Go SDK over the generated cardroom.v1 gRPC stubs
// (github.com/cardroom/cardroom/gen/go/cardroom/v1), the counterpart of the Python SDK.
//
// Connect opens a connection (TLS with the system's roots by default); Client.CreateMatch and
// Client.JoinMatch return a *Seat (the match name, the seat token and the last state the seat saw),
// through which the player starts, acts and watches. Every message is the generated one: the SDK
// adds no model of its own.
//
// Retries: unary calls wait for the connection to be ready and gRPC's own retry policy (the
// connection's service config) re-sends a call that failed with UNAVAILABLE byte for byte, so an
// action keeps its request id and the service applies it once. A watch that loses its stream
// reopens it after the last version it yielded, so no version is skipped or repeated.
// Refusals are *Error values (errors.As), and a stale decision is a *StaleVersionError.
package cardroom

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
)

const serviceName = "cardroom.v1.GameService"

// RetryPolicy bounds the retries: Attempts per unary call (gRPC caps it at 5) and WatchReconnects
// reconnections in a row per watch, with exponential backoff from InitialBackoff up to MaxBackoff.
type RetryPolicy struct {
	Attempts        int
	InitialBackoff  time.Duration
	MaxBackoff      time.Duration
	Multiplier      float64
	WatchReconnects int
}

// DefaultRetryPolicy is the policy Connect uses unless WithRetry is given.
var DefaultRetryPolicy = RetryPolicy{
	Attempts: 5, InitialBackoff: 200 * time.Millisecond, MaxBackoff: 3 * time.Second, Multiplier: 2, WatchReconnects: 8,
}

func (p RetryPolicy) serviceConfig() string {
	policy := map[string]any{
		"maxAttempts":          p.Attempts,
		"initialBackoff":       fmt.Sprintf("%.3fs", p.InitialBackoff.Seconds()),
		"maxBackoff":           fmt.Sprintf("%.3fs", p.MaxBackoff.Seconds()),
		"backoffMultiplier":    p.Multiplier,
		"retryableStatusCodes": []string{"UNAVAILABLE"},
	}
	config := map[string]any{"methodConfig": []any{map[string]any{
		"name":        []any{map[string]string{"service": serviceName}},
		"retryPolicy": policy,
	}}}
	text, _ := json.Marshal(config)
	return string(text)
}

// backoff is the wait before reconnection number failures (1-based), with jitter so that many
// watchers of a restarted server do not all come back at once.
func (p RetryPolicy) backoff(failures int) time.Duration {
	ceiling := float64(p.InitialBackoff)
	for i := 1; i < failures; i++ {
		ceiling *= p.Multiplier
	}
	ceiling = min(ceiling, float64(p.MaxBackoff))
	return time.Duration(ceiling/2 + rand.Float64()*ceiling/2)
}

type settings struct {
	credentials credentials.TransportCredentials
	retry       RetryPolicy
	dial        []grpc.DialOption
}

// Option configures Connect.
type Option func(*settings)

// WithInsecure connects without TLS (a local server, tests).
func WithInsecure() Option {
	return func(s *settings) { s.credentials = insecure.NewCredentials() }
}

// WithTLSConfig connects over TLS with this configuration (for example a private root CA).
func WithTLSConfig(config *tls.Config) Option {
	return func(s *settings) { s.credentials = credentials.NewTLS(config) }
}

// WithRetry replaces DefaultRetryPolicy.
func WithRetry(policy RetryPolicy) Option {
	return func(s *settings) { s.retry = policy }
}

// WithDialOptions adds gRPC dial options (interceptors, keepalive...).
func WithDialOptions(options ...grpc.DialOption) Option {
	return func(s *settings) { s.dial = append(s.dial, options...) }
}

// Client is the GameService of one connection. Stub is the generated client for anything the SDK
// does not wrap.
type Client struct {
	conn  *grpc.ClientConn
	Stub  cardroomv1.GameServiceClient
	retry RetryPolicy
}

// Connect returns a client of the service at address (host:port), over TLS with the system's roots
// unless an Option says otherwise. The connection is made lazily, on the first call.
func Connect(address string, options ...Option) (*Client, error) {
	s := settings{credentials: credentials.NewTLS(&tls.Config{MinVersion: tls.VersionTLS12}), retry: DefaultRetryPolicy}
	for _, option := range options {
		option(&s)
	}
	dial := append([]grpc.DialOption{
		grpc.WithTransportCredentials(s.credentials),
		grpc.WithDefaultServiceConfig(s.retry.serviceConfig()),
		grpc.WithDefaultCallOptions(grpc.WaitForReady(true)),
	}, s.dial...)
	conn, err := grpc.NewClient(address, dial...)
	if err != nil {
		return nil, err
	}
	return &Client{conn: conn, Stub: cardroomv1.NewGameServiceClient(conn), retry: s.retry}, nil
}

// Close closes the connection.
func (c *Client) Close() error { return c.conn.Close() }

// NewRequestID is a fresh idempotency key (AIP-155: a UUID).
func NewRequestID() string { return uuid.NewString() }

// MatchMetadata is the metadata key every call about a match names it in: a proxy in front of several replicas
// sends all of a match's calls to one replica by it (the service does not read it; its docs/operations.md,
// "Several replicas behind one proxy").
const MatchMetadata = "cardroom-match"

// callContext is ctx with the seat token as authorization metadata (an empty token is a spectator) and the
// match the call is about in MatchMetadata.
func callContext(ctx context.Context, token, matchName string) context.Context {
	if token != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
	}
	if strings.Contains(matchName, "/matches/") {
		ctx = metadata.AppendToOutgoingContext(ctx, MatchMetadata, matchName)
	}
	return ctx
}

// ListGames is the catalog: every game with its player counts and house-rule options.
func (c *Client) ListGames(ctx context.Context) ([]*cardroomv1.Game, error) {
	response, err := c.Stub.ListGames(ctx, &cardroomv1.ListGamesRequest{})
	return response.GetGames(), fromRPC(err)
}

// ListMatches is one page of the game's open tables (matches waiting for players).
func (c *Client) ListMatches(ctx context.Context, game string, pageSize int32, pageToken string) (*cardroomv1.ListMatchesResponse, error) {
	response, err := c.Stub.ListMatches(ctx, &cardroomv1.ListMatchesRequest{
		Parent: "games/" + game, PageSize: pageSize, PageToken: pageToken,
	})
	return response, fromRPC(err)
}

// CreateOption sets optional fields of CreateMatch.
type CreateOption func(*cardroomv1.CreateMatchRequest)

// PlayerName is the creator's display name.
func PlayerName(name string) CreateOption {
	return func(r *cardroomv1.CreateMatchRequest) { r.PlayerName = name }
}

// GameOptions sets house rules (unset fields keep their defaults).
func GameOptions(options *cardroomv1.GameOptions) CreateOption {
	return func(r *cardroomv1.CreateMatchRequest) { r.Options = options }
}

// Seed fixes the shuffle: accepted only by a server started with --allow-fixed-decks.
func Seed(seed uint64) CreateOption {
	return func(r *cardroomv1.CreateMatchRequest) { r.Seed = fmt.Sprint(seed) }
}

// CreateMatch creates a table of game ("flip-7", "pumba", "pumptown", "up-or-down") with seats seats
// and sits at it as its creator.
func (c *Client) CreateMatch(ctx context.Context, game string, seats int32, options ...CreateOption) (*Seat, error) {
	request := &cardroomv1.CreateMatchRequest{Parent: "games/" + game, SeatCount: seats, RequestId: NewRequestID()}
	for _, option := range options {
		option(request)
	}
	response, err := c.Stub.CreateMatch(ctx, request)
	if err != nil {
		return nil, fromRPC(err)
	}
	state := response.GetState()
	return &Seat{client: c, MatchName: state.GetMatch().GetName(), Token: response.GetSeatToken(), Number: state.GetYourSeat(), State: state}, nil
}

// JoinMatch takes the lowest free seat of a waiting match, as playerName.
func (c *Client) JoinMatch(ctx context.Context, matchName, playerName string) (*Seat, error) {
	response, err := c.Stub.JoinMatch(callContext(ctx, "", matchName), &cardroomv1.JoinMatchRequest{Name: matchName, PlayerName: playerName, RequestId: NewRequestID()})
	if err != nil {
		return nil, fromRPC(err)
	}
	return &Seat{client: c, MatchName: matchName, Token: response.GetSeatToken(), Number: response.GetSeat(), State: response.GetState()}, nil
}

// GetMatch is the match as the token's seat sees it, or as a spectator with an empty token.
func (c *Client) GetMatch(ctx context.Context, matchName, token string) (*cardroomv1.MatchState, error) {
	state, err := c.Stub.GetMatch(callContext(ctx, token, matchName), &cardroomv1.GetMatchRequest{Name: matchName})
	return state, fromRPC(err)
}
