package cardroom

import (
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	cardroomv1 "github.com/cardroom/cardroom/gen/go/cardroom/v1"
)

// LegalActions is every action the state's caller may send now, in the engine's order: the flat
// legal_actions when the request asked for them (LEGAL_ACTIONS_FORM_FLAT or BOTH), else the compact
// legal_action_sets the service answers by default, expanded.
func LegalActions(state *cardroomv1.MatchState) []*cardroomv1.Action {
	if flat := state.GetLegalActions(); len(flat) > 0 {
		return flat
	}
	return ExpandActionSets(state.GetLegalActionSets())
}

// ExpandActionSets is every action of sets, in order: each set is its action with one value of each
// parameter (the first outermost, the last varying fastest), every combination but those where the two
// distinct parameters are equal. Expanding a state's sets gives its flat list exactly, in order.
func ExpandActionSets(sets []*cardroomv1.ActionSet) []*cardroomv1.Action {
	var actions []*cardroomv1.Action
	for _, set := range sets {
		actions = append(actions, expandActionSet(set)...)
	}
	return actions
}

func expandActionSet(set *cardroomv1.ActionSet) []*cardroomv1.Action {
	params := set.GetParams()
	distinct := make([]int, 0, 2)
	for _, name := range set.GetDistinct() {
		for i, param := range params {
			if param.GetName() == name {
				distinct = append(distinct, i)
			}
		}
	}
	counts := make([]int, len(params))
	for i, param := range params {
		counts[i] = len(paramValues(param))
	}
	var actions []*cardroomv1.Action
	combo := make([]int, len(params))
	for {
		if len(distinct) != 2 || !sameValue(params, combo, distinct[0], distinct[1]) {
			actions = append(actions, withParams(set, combo))
		}
		// the next combination: the last parameter varies fastest
		i := len(params) - 1
		for ; i >= 0; i-- {
			combo[i]++
			if combo[i] < counts[i] {
				break
			}
			combo[i] = 0
		}
		if i < 0 {
			return actions
		}
	}
}

// withParams is the set's action with each parameter at its value of index combo[i].
func withParams(set *cardroomv1.ActionSet, combo []int) *cardroomv1.Action {
	action := proto.Clone(set.GetAction()).(*cardroomv1.Action)
	inner := innerMessage(action.ProtoReflect())
	for i, param := range set.GetParams() {
		field := inner.Descriptor().Fields().ByName(protoreflect.Name(param.GetName()))
		if lists := param.GetStringLists(); len(lists) > 0 {
			list := inner.NewField(field).List()
			for _, value := range lists[combo[i]].GetValues() {
				list.Append(protoreflect.ValueOfString(value))
			}
			inner.Set(field, protoreflect.ValueOfList(list))
			continue
		}
		inner.Set(field, paramValues(param)[combo[i]])
	}
	return action
}

// paramValues is a scalar parameter's values (for a list parameter, one placeholder per list).
func paramValues(param *cardroomv1.ActionParam) []protoreflect.Value {
	var values []protoreflect.Value
	for _, v := range param.GetInts() {
		values = append(values, protoreflect.ValueOfInt32(v))
	}
	for _, v := range param.GetStrings() {
		values = append(values, protoreflect.ValueOfString(v))
	}
	for _, v := range param.GetBools() {
		values = append(values, protoreflect.ValueOfBool(v))
	}
	for range param.GetStringLists() {
		values = append(values, protoreflect.Value{})
	}
	return values
}

func sameValue(params []*cardroomv1.ActionParam, combo []int, a, b int) bool {
	return paramValues(params[a])[combo[a]].Interface() == paramValues(params[b])[combo[b]].Interface()
}

// innerMessage is the typed action message inside an action (action.pumptown.play): the one set
// member of the game oneof, then of its action oneof.
func innerMessage(action protoreflect.Message) protoreflect.Message {
	message := action
	for level := 0; level < 2; level++ {
		var member protoreflect.Message
		message.Range(func(field protoreflect.FieldDescriptor, value protoreflect.Value) bool {
			if field.Message() != nil && !field.IsList() && !field.IsMap() {
				member = message.Mutable(field).Message()
				return false
			}
			return true
		})
		if member == nil {
			panic("cardroom: an action set's action names no game and kind")
		}
		message = member
	}
	return message
}
