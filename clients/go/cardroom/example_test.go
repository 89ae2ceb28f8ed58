package cardroom_test

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/gen/go/cardroom"
	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
)

// The README's Go example, run against the live server: its text must stay the body of readmeExample.
func readmeExample(ctx context.Context, address string) (*cardroomv1.MatchState, error) {
	client, err := cardroom.Connect(address, cardroom.WithInsecure()) // TLS unless told otherwise
	if err != nil {
		return nil, err
	}
	defer client.Close()
	me, err := client.CreateMatch(ctx, "up-or-down", 2, cardroom.PlayerName("ann"))
	if err != nil {
		return nil, err
	}
	bob, err := client.JoinMatch(ctx, me.MatchName, "bob") // another player, on another device
	if err != nil {
		return nil, err
	}
	for _, seat := range []*cardroom.Seat{me, bob} {
		// each seat plays its first legal action whenever it is its turn, watching from the
		// version it has seen (before the start)
		updates := seat.Watch(ctx)
		go func() {
			for update, err := range updates {
				if err != nil || len(cardroom.LegalActions(update.GetState())) == 0 {
					continue
				}
				var stale *cardroom.StaleVersionError
				if _, err := seat.Act(ctx, cardroom.LegalActions(update.GetState())[0]); errors.As(err, &stale) {
					continue // a newer update is coming: decide again on it
				}
			}
		}()
	}
	if _, err := me.Start(ctx); err != nil {
		return nil, err
	}
	for update, err := range client.Watch(ctx, me.MatchName, "", 0) { // a spectator
		if err != nil {
			return nil, err
		}
		if update.GetState().GetMatch().GetStatus() == cardroomv1.MatchStatus_MATCH_STATUS_FINISHED {
			return update.GetState(), nil
		}
	}
	return nil, errors.New("the watch ended before the match")
}

func TestReadmeExamplePlaysAMatch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	final, err := readmeExample(ctx, liveAddress(t))
	if err != nil || len(final.GetResult().GetWinners()) == 0 {
		t.Fatalf("final %v, %v", final, err)
	}
}

func TestReadmeShowsTheExample(t *testing.T) {
	source, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	// this SDK's README and the repository's ("Build a frontend")
	for _, path := range []string{"../README.md", "../../../README.md"} {
		readme, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		block := regexp.MustCompile("(?s)```go\n(.*?)```").FindSubmatch(readme)
		if block == nil {
			t.Fatalf("no ```go block in %s", path)
		}
		if !strings.Contains(string(source), string(block[1])) {
			t.Fatalf("%s's Go example is not the code of readmeExample:\n%s", path, block[1])
		}
	}
}
