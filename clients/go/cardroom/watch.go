package cardroom

import (
	"context"
	"errors"
	"io"
	"iter"
	"time"

	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// resumable are the codes of a stream that dropped (server restart, lost connection) rather than
// one the service refused: the watch reopens it.
var resumable = map[codes.Code]bool{codes.Unavailable: true, codes.Canceled: true, codes.DeadlineExceeded: true}

func ended(update *cardroomv1.MatchUpdate) bool {
	switch update.GetState().GetMatch().GetStatus() {
	case cardroomv1.MatchStatus_MATCH_STATUS_FINISHED, cardroomv1.MatchStatus_MATCH_STATUS_ABANDONED:
		return true
	}
	return false
}

// Watch yields every update of the match after afterVersion, as the token's seat (or a spectator,
// with an empty token) sees it, until the match ends or ctx is done:
//
//	for update, err := range client.Watch(ctx, name, "", 0) { ... }
//
// A dropped stream is reopened after the last version yielded (at most RetryPolicy.WatchReconnects
// times in a row, with backoff), so no version is skipped or repeated. The service ends a stream
// itself only once the match is over, so a stream that ends cleanly ends the watch. A refusal (an
// unknown match, a bad token) or ctx's error is yielded once, as the last element.
func (c *Client) Watch(ctx context.Context, matchName, token string, afterVersion int32) iter.Seq2[*cardroomv1.MatchUpdate, error] {
	return func(yield func(*cardroomv1.MatchUpdate, error) bool) {
		last, failures := afterVersion, 0
		for {
			stopped, err := c.follow(ctx, matchName, token, &last, &failures, yield)
			if stopped {
				return
			}
			code := status.Code(err)
			if ctx.Err() != nil || !resumable[code] || failures >= c.retry.WatchReconnects {
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				yield(nil, fromRPC(err))
				return
			}
			failures++
			select {
			case <-time.After(c.retry.backoff(failures)):
			case <-ctx.Done():
				yield(nil, ctx.Err())
				return
			}
		}
	}
}

// follow reads one stream from *last on. It reports stopped when the watch is over (the match ended,
// the stream ended cleanly, or the consumer stopped), else the error that dropped the stream.
func (c *Client) follow(ctx context.Context, matchName, token string, last *int32, failures *int,
	yield func(*cardroomv1.MatchUpdate, error) bool) (stopped bool, err error) {
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := c.Stub.WatchMatch(callContext(streamCtx, token, matchName), &cardroomv1.WatchMatchRequest{Name: matchName, AfterVersion: *last})
	if err != nil {
		return false, err
	}
	for {
		update, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		*failures = 0
		*last = update.GetVersion()
		if !yield(update, nil) || ended(update) {
			return true, nil
		}
	}
}
