package cardroom_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/cardroom/cardroom/gen/go/cardroom"
	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
)

// TestExpandActionSetsGivesTheFlatList plays random actions of every game at a large table (Flip 7 at 8,
// the most seats one client may hold) and checks, for every seat to act, that the compact sets of a BOTH
// answer expand to its flat list exactly, in order, and that LegalActions of the default answer (the sets
// alone) is that list too.
func TestExpandActionSetsGivesTheFlatList(t *testing.T) {
	client := connect(t, liveAddress(t))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	random := rand.New(rand.NewPCG(5, 6))
	for game, seats := range map[string]int32{"pumptown": 8, "pumba": 6, "up-or-down": 6, "flip-7": 8} {
		players := make([]*cardroom.Seat, seats)
		var err error
		if players[0], err = client.CreateMatch(ctx, game, seats); err != nil {
			t.Fatal(err)
		}
		for i := int32(1); i < seats; i++ {
			if players[i], err = client.JoinMatch(ctx, players[0].MatchName, ""); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := players[0].Start(ctx); err != nil {
			t.Fatal(err)
		}
		checked := 0
		for step := 0; step < 30; step++ {
			var acting []*cardroom.Seat
			for _, seat := range players {
				state, err := seat.Refresh(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if active(state) && len(state.GetLegalActionSets()) > 0 {
					acting = append(acting, seat)
				}
			}
			if len(acting) == 0 {
				break
			}
			for _, seat := range acting {
				both, err := client.Stub.GetMatch(metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+seat.Token),
					&cardroomv1.GetMatchRequest{Name: seat.MatchName, LegalActionsForm: cardroomv1.LegalActionsForm_LEGAL_ACTIONS_FORM_BOTH})
				if err != nil {
					t.Fatal(err)
				}
				sameActions(t, game, cardroom.ExpandActionSets(both.GetLegalActionSets()), both.GetLegalActions())
				if seat.Current().GetMatch().GetVersion() == both.GetMatch().GetVersion() {
					if len(seat.Current().GetLegalActions()) != 0 {
						t.Fatalf("%s: the default answer lists flat actions", game)
					}
					sameActions(t, game, cardroom.LegalActions(seat.Current()), both.GetLegalActions())
				}
				checked++
			}
			mover := acting[random.IntN(len(acting))]
			legal := cardroom.LegalActions(mover.Current())
			if _, err := mover.Act(ctx, legal[random.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if checked == 0 {
			t.Fatalf("%s: no state checked", game)
		}
	}
}

func sameActions(t *testing.T, game string, got, want []*cardroomv1.Action) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d actions expanded, %d listed", game, len(got), len(want))
	}
	for i := range want {
		if !proto.Equal(got[i], want[i]) {
			t.Fatalf("%s: action %d expanded as %v, listed as %v", game, i, got[i], want[i])
		}
	}
}
