package dev.cardroom.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Hosts matches of the catalog's games for any frontend. Stateless: any
 * replica serves any call.
 * </pre>
 */
@io.grpc.stub.annotations.GrpcGenerated
public final class GameServiceGrpc {

  private GameServiceGrpc() {}

  public static final java.lang.String SERVICE_NAME = "cardroom.v1.GameService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.ListGamesRequest,
      dev.cardroom.v1.ListGamesResponse> getListGamesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListGames",
      requestType = dev.cardroom.v1.ListGamesRequest.class,
      responseType = dev.cardroom.v1.ListGamesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.ListGamesRequest,
      dev.cardroom.v1.ListGamesResponse> getListGamesMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.ListGamesRequest, dev.cardroom.v1.ListGamesResponse> getListGamesMethod;
    if ((getListGamesMethod = GameServiceGrpc.getListGamesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListGamesMethod = GameServiceGrpc.getListGamesMethod) == null) {
          GameServiceGrpc.getListGamesMethod = getListGamesMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.ListGamesRequest, dev.cardroom.v1.ListGamesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListGames"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.ListGamesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.ListGamesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListGames"))
              .build();
        }
      }
    }
    return getListGamesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.GetGameRequest,
      dev.cardroom.v1.Game> getGetGameMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetGame",
      requestType = dev.cardroom.v1.GetGameRequest.class,
      responseType = dev.cardroom.v1.Game.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.GetGameRequest,
      dev.cardroom.v1.Game> getGetGameMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.GetGameRequest, dev.cardroom.v1.Game> getGetGameMethod;
    if ((getGetGameMethod = GameServiceGrpc.getGetGameMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetGameMethod = GameServiceGrpc.getGetGameMethod) == null) {
          GameServiceGrpc.getGetGameMethod = getGetGameMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.GetGameRequest, dev.cardroom.v1.Game>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetGame"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.GetGameRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.Game.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetGame"))
              .build();
        }
      }
    }
    return getGetGameMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.CreateMatchRequest,
      dev.cardroom.v1.CreateMatchResponse> getCreateMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "CreateMatch",
      requestType = dev.cardroom.v1.CreateMatchRequest.class,
      responseType = dev.cardroom.v1.CreateMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.CreateMatchRequest,
      dev.cardroom.v1.CreateMatchResponse> getCreateMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.CreateMatchRequest, dev.cardroom.v1.CreateMatchResponse> getCreateMatchMethod;
    if ((getCreateMatchMethod = GameServiceGrpc.getCreateMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getCreateMatchMethod = GameServiceGrpc.getCreateMatchMethod) == null) {
          GameServiceGrpc.getCreateMatchMethod = getCreateMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.CreateMatchRequest, dev.cardroom.v1.CreateMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "CreateMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.CreateMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.CreateMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("CreateMatch"))
              .build();
        }
      }
    }
    return getCreateMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.GetMatchRequest,
      dev.cardroom.v1.MatchState> getGetMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetMatch",
      requestType = dev.cardroom.v1.GetMatchRequest.class,
      responseType = dev.cardroom.v1.MatchState.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.GetMatchRequest,
      dev.cardroom.v1.MatchState> getGetMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.GetMatchRequest, dev.cardroom.v1.MatchState> getGetMatchMethod;
    if ((getGetMatchMethod = GameServiceGrpc.getGetMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetMatchMethod = GameServiceGrpc.getGetMatchMethod) == null) {
          GameServiceGrpc.getGetMatchMethod = getGetMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.GetMatchRequest, dev.cardroom.v1.MatchState>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.GetMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.MatchState.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetMatch"))
              .build();
        }
      }
    }
    return getGetMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.ListMatchesRequest,
      dev.cardroom.v1.ListMatchesResponse> getListMatchesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListMatches",
      requestType = dev.cardroom.v1.ListMatchesRequest.class,
      responseType = dev.cardroom.v1.ListMatchesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.ListMatchesRequest,
      dev.cardroom.v1.ListMatchesResponse> getListMatchesMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.ListMatchesRequest, dev.cardroom.v1.ListMatchesResponse> getListMatchesMethod;
    if ((getListMatchesMethod = GameServiceGrpc.getListMatchesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListMatchesMethod = GameServiceGrpc.getListMatchesMethod) == null) {
          GameServiceGrpc.getListMatchesMethod = getListMatchesMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.ListMatchesRequest, dev.cardroom.v1.ListMatchesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListMatches"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.ListMatchesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.ListMatchesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListMatches"))
              .build();
        }
      }
    }
    return getListMatchesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.JoinMatchRequest,
      dev.cardroom.v1.JoinMatchResponse> getJoinMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "JoinMatch",
      requestType = dev.cardroom.v1.JoinMatchRequest.class,
      responseType = dev.cardroom.v1.JoinMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.JoinMatchRequest,
      dev.cardroom.v1.JoinMatchResponse> getJoinMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.JoinMatchRequest, dev.cardroom.v1.JoinMatchResponse> getJoinMatchMethod;
    if ((getJoinMatchMethod = GameServiceGrpc.getJoinMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getJoinMatchMethod = GameServiceGrpc.getJoinMatchMethod) == null) {
          GameServiceGrpc.getJoinMatchMethod = getJoinMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.JoinMatchRequest, dev.cardroom.v1.JoinMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "JoinMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.JoinMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.JoinMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("JoinMatch"))
              .build();
        }
      }
    }
    return getJoinMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.LeaveMatchRequest,
      dev.cardroom.v1.MatchState> getLeaveMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "LeaveMatch",
      requestType = dev.cardroom.v1.LeaveMatchRequest.class,
      responseType = dev.cardroom.v1.MatchState.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.LeaveMatchRequest,
      dev.cardroom.v1.MatchState> getLeaveMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.LeaveMatchRequest, dev.cardroom.v1.MatchState> getLeaveMatchMethod;
    if ((getLeaveMatchMethod = GameServiceGrpc.getLeaveMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getLeaveMatchMethod = GameServiceGrpc.getLeaveMatchMethod) == null) {
          GameServiceGrpc.getLeaveMatchMethod = getLeaveMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.LeaveMatchRequest, dev.cardroom.v1.MatchState>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "LeaveMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.LeaveMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.MatchState.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("LeaveMatch"))
              .build();
        }
      }
    }
    return getLeaveMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.StartMatchRequest,
      dev.cardroom.v1.MatchState> getStartMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StartMatch",
      requestType = dev.cardroom.v1.StartMatchRequest.class,
      responseType = dev.cardroom.v1.MatchState.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.StartMatchRequest,
      dev.cardroom.v1.MatchState> getStartMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.StartMatchRequest, dev.cardroom.v1.MatchState> getStartMatchMethod;
    if ((getStartMatchMethod = GameServiceGrpc.getStartMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getStartMatchMethod = GameServiceGrpc.getStartMatchMethod) == null) {
          GameServiceGrpc.getStartMatchMethod = getStartMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.StartMatchRequest, dev.cardroom.v1.MatchState>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StartMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.StartMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.MatchState.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("StartMatch"))
              .build();
        }
      }
    }
    return getStartMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.SubmitActionRequest,
      dev.cardroom.v1.SubmitActionResponse> getSubmitActionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SubmitAction",
      requestType = dev.cardroom.v1.SubmitActionRequest.class,
      responseType = dev.cardroom.v1.SubmitActionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.SubmitActionRequest,
      dev.cardroom.v1.SubmitActionResponse> getSubmitActionMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.SubmitActionRequest, dev.cardroom.v1.SubmitActionResponse> getSubmitActionMethod;
    if ((getSubmitActionMethod = GameServiceGrpc.getSubmitActionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getSubmitActionMethod = GameServiceGrpc.getSubmitActionMethod) == null) {
          GameServiceGrpc.getSubmitActionMethod = getSubmitActionMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.SubmitActionRequest, dev.cardroom.v1.SubmitActionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SubmitAction"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.SubmitActionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.SubmitActionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("SubmitAction"))
              .build();
        }
      }
    }
    return getSubmitActionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.WatchMatchRequest,
      dev.cardroom.v1.MatchUpdate> getWatchMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "WatchMatch",
      requestType = dev.cardroom.v1.WatchMatchRequest.class,
      responseType = dev.cardroom.v1.MatchUpdate.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.WatchMatchRequest,
      dev.cardroom.v1.MatchUpdate> getWatchMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.WatchMatchRequest, dev.cardroom.v1.MatchUpdate> getWatchMatchMethod;
    if ((getWatchMatchMethod = GameServiceGrpc.getWatchMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getWatchMatchMethod = GameServiceGrpc.getWatchMatchMethod) == null) {
          GameServiceGrpc.getWatchMatchMethod = getWatchMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.WatchMatchRequest, dev.cardroom.v1.MatchUpdate>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "WatchMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.WatchMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.MatchUpdate.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("WatchMatch"))
              .build();
        }
      }
    }
    return getWatchMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.RematchMatchRequest,
      dev.cardroom.v1.RematchMatchResponse> getRematchMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RematchMatch",
      requestType = dev.cardroom.v1.RematchMatchRequest.class,
      responseType = dev.cardroom.v1.RematchMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.RematchMatchRequest,
      dev.cardroom.v1.RematchMatchResponse> getRematchMatchMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.RematchMatchRequest, dev.cardroom.v1.RematchMatchResponse> getRematchMatchMethod;
    if ((getRematchMatchMethod = GameServiceGrpc.getRematchMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getRematchMatchMethod = GameServiceGrpc.getRematchMatchMethod) == null) {
          GameServiceGrpc.getRematchMatchMethod = getRematchMatchMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.RematchMatchRequest, dev.cardroom.v1.RematchMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RematchMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.RematchMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.RematchMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("RematchMatch"))
              .build();
        }
      }
    }
    return getRematchMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.GetMatchLogRequest,
      dev.cardroom.v1.GetMatchLogResponse> getGetMatchLogMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetMatchLog",
      requestType = dev.cardroom.v1.GetMatchLogRequest.class,
      responseType = dev.cardroom.v1.GetMatchLogResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.GetMatchLogRequest,
      dev.cardroom.v1.GetMatchLogResponse> getGetMatchLogMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.GetMatchLogRequest, dev.cardroom.v1.GetMatchLogResponse> getGetMatchLogMethod;
    if ((getGetMatchLogMethod = GameServiceGrpc.getGetMatchLogMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetMatchLogMethod = GameServiceGrpc.getGetMatchLogMethod) == null) {
          GameServiceGrpc.getGetMatchLogMethod = getGetMatchLogMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.GetMatchLogRequest, dev.cardroom.v1.GetMatchLogResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetMatchLog"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.GetMatchLogRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.GetMatchLogResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetMatchLog"))
              .build();
        }
      }
    }
    return getGetMatchLogMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.cardroom.v1.PlayRequest,
      dev.cardroom.v1.PlayResponse> getPlayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Play",
      requestType = dev.cardroom.v1.PlayRequest.class,
      responseType = dev.cardroom.v1.PlayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING)
  public static io.grpc.MethodDescriptor<dev.cardroom.v1.PlayRequest,
      dev.cardroom.v1.PlayResponse> getPlayMethod() {
    io.grpc.MethodDescriptor<dev.cardroom.v1.PlayRequest, dev.cardroom.v1.PlayResponse> getPlayMethod;
    if ((getPlayMethod = GameServiceGrpc.getPlayMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getPlayMethod = GameServiceGrpc.getPlayMethod) == null) {
          GameServiceGrpc.getPlayMethod = getPlayMethod =
              io.grpc.MethodDescriptor.<dev.cardroom.v1.PlayRequest, dev.cardroom.v1.PlayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Play"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.PlayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.cardroom.v1.PlayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("Play"))
              .build();
        }
      }
    }
    return getPlayMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static GameServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceStub>() {
        @java.lang.Override
        public GameServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceStub(channel, callOptions);
        }
      };
    return GameServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports all types of calls on the service
   */
  public static GameServiceBlockingV2Stub newBlockingV2Stub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingV2Stub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingV2Stub>() {
        @java.lang.Override
        public GameServiceBlockingV2Stub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceBlockingV2Stub(channel, callOptions);
        }
      };
    return GameServiceBlockingV2Stub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static GameServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub>() {
        @java.lang.Override
        public GameServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceBlockingStub(channel, callOptions);
        }
      };
    return GameServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static GameServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub>() {
        @java.lang.Override
        public GameServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceFutureStub(channel, callOptions);
        }
      };
    return GameServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Hosts matches of the catalog's games for any frontend. Stateless: any
   * replica serves any call.
   * </pre>
   */
  public interface AsyncService {

    /**
     * <pre>
     * Lists the game types of the catalog (AIP-132).
     * </pre>
     */
    default void listGames(dev.cardroom.v1.ListGamesRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.ListGamesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListGamesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Gets one game type with its player counts and house-rule options (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    default void getGame(dev.cardroom.v1.GetGameRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.Game> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetGameMethod(), responseObserver);
    }

    /**
     * <pre>
     * Creates a match (a table) of a game with the caller seated as its creator
     * (`Match.creator_seat`), and returns the creator's seat token (AIP-133).
     * </pre>
     */
    default void createMatch(dev.cardroom.v1.CreateMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.CreateMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getCreateMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Gets a match as the caller's seat (or a spectator) sees it (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    default void getMatch(dev.cardroom.v1.GetMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Lists the open tables of a game: matches waiting for players (AIP-132).
     * </pre>
     */
    default void listMatches(dev.cardroom.v1.ListMatchesRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.ListMatchesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListMatchesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Takes a free seat of a waiting match and returns its seat token (AIP-136).
     * </pre>
     */
    default void joinMatch(dev.cardroom.v1.JoinMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.JoinMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getJoinMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Gives up the caller's seat. While the match is waiting the seat becomes
     * free again and the caller's token stops working; the creator leaving
     * abandons the match. In a started match the seat is forfeited to the
     * server: it plays the seat's default actions (or a bot, with
     * `TableSettings.absent_bot_level`) to the end, the token stops working and
     * the result lists the seat in `left_seats` (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    default void leaveMatch(dev.cardroom.v1.LeaveMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getLeaveMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Starts a waiting match; only its creator may, and only with a number of
     * players the game allows. Empty seats are closed up, keeping the players'
     * order around the table, so seat numbers may change here; seat tokens stay
     * valid (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    default void startMatch(dev.cardroom.v1.StartMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStartMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Submits one action for the caller's seat and returns the new state as that
     * seat sees it, with the events the action caused (AIP-136).
     * </pre>
     */
    default void submitAction(dev.cardroom.v1.SubmitActionRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.SubmitActionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSubmitActionMethod(), responseObserver);
    }

    /**
     * <pre>
     * Streams every committed update of a match after a version, as the caller's
     * seat (or a spectator) sees it; resumable from any version, served by any
     * replica. The stream ends after the update that finishes or abandons the
     * match (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    default void watchMatch(dev.cardroom.v1.WatchMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchUpdate> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getWatchMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Asks for a rematch of a finished match, with the caller's seat token of
     * that match: the first player to ask creates a new table with the same
     * game, options, table settings and players (its creator is that player;
     * bots come back at their seats); every other player's old seat is held for
     * it until the rematch window ends, and it accepts by asking too. Each
     * player gets a new seat token at its old seat; asking again answers the
     * same seat and token.
     * </pre>
     */
    default void rematchMatch(dev.cardroom.v1.RematchMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.RematchMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRematchMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Reads the log of a match for replays. Hidden details (cards drawn face
     * down) appear only once the match is finished, and before that only to
     * the seat that saw them (AIP-136).
     * </pre>
     */
    default void getMatchLog(dev.cardroom.v1.GetMatchLogRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.GetMatchLogResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetMatchLogMethod(), responseObserver);
    }

    /**
     * <pre>
     * A realtime play session on one bidirectional stream: the client's first
     * message opens it (`PlayRequest.open`: the match, the seat token or none
     * for a spectator, the version to resume after); every later message is an
     * action of that seat (`PlayRequest.action`), answered in the stream by its
     * outcome (`PlayResponse.outcome`: accepted with its version, or refused
     * with the status and ErrorInfo reason SubmitAction gives; a refusal never
     * ends the session). The server pushes every committed update after the
     * opening version as the seat sees it (`PlayResponse.update`, the
     * WatchMatch message), and an accepted outcome only after the update of its
     * version. Resumable from the last version seen, served by any replica; it
     * ends after the update that finishes or abandons the match. Over HTTP the
     * same messages travel as proto3 JSON on the WebSocket `/v1/play`.
     * </pre>
     */
    default io.grpc.stub.StreamObserver<dev.cardroom.v1.PlayRequest> play(
        io.grpc.stub.StreamObserver<dev.cardroom.v1.PlayResponse> responseObserver) {
      return io.grpc.stub.ServerCalls.asyncUnimplementedStreamingCall(getPlayMethod(), responseObserver);
    }
  }

  /**
   * Base class for the server implementation of the service GameService.
   * <pre>
   * Hosts matches of the catalog's games for any frontend. Stateless: any
   * replica serves any call.
   * </pre>
   */
  public static abstract class GameServiceImplBase
      implements io.grpc.BindableService, AsyncService {

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return GameServiceGrpc.bindService(this);
    }
  }

  /**
   * A stub to allow clients to do asynchronous rpc calls to service GameService.
   * <pre>
   * Hosts matches of the catalog's games for any frontend. Stateless: any
   * replica serves any call.
   * </pre>
   */
  public static final class GameServiceStub
      extends io.grpc.stub.AbstractAsyncStub<GameServiceStub> {
    private GameServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Lists the game types of the catalog (AIP-132).
     * </pre>
     */
    public void listGames(dev.cardroom.v1.ListGamesRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.ListGamesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListGamesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Gets one game type with its player counts and house-rule options (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    public void getGame(dev.cardroom.v1.GetGameRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.Game> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetGameMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Creates a match (a table) of a game with the caller seated as its creator
     * (`Match.creator_seat`), and returns the creator's seat token (AIP-133).
     * </pre>
     */
    public void createMatch(dev.cardroom.v1.CreateMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.CreateMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getCreateMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Gets a match as the caller's seat (or a spectator) sees it (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public void getMatch(dev.cardroom.v1.GetMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Lists the open tables of a game: matches waiting for players (AIP-132).
     * </pre>
     */
    public void listMatches(dev.cardroom.v1.ListMatchesRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.ListMatchesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListMatchesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Takes a free seat of a waiting match and returns its seat token (AIP-136).
     * </pre>
     */
    public void joinMatch(dev.cardroom.v1.JoinMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.JoinMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getJoinMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Gives up the caller's seat. While the match is waiting the seat becomes
     * free again and the caller's token stops working; the creator leaving
     * abandons the match. In a started match the seat is forfeited to the
     * server: it plays the seat's default actions (or a bot, with
     * `TableSettings.absent_bot_level`) to the end, the token stops working and
     * the result lists the seat in `left_seats` (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public void leaveMatch(dev.cardroom.v1.LeaveMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getLeaveMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Starts a waiting match; only its creator may, and only with a number of
     * players the game allows. Empty seats are closed up, keeping the players'
     * order around the table, so seat numbers may change here; seat tokens stay
     * valid (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public void startMatch(dev.cardroom.v1.StartMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getStartMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Submits one action for the caller's seat and returns the new state as that
     * seat sees it, with the events the action caused (AIP-136).
     * </pre>
     */
    public void submitAction(dev.cardroom.v1.SubmitActionRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.SubmitActionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSubmitActionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Streams every committed update of a match after a version, as the caller's
     * seat (or a spectator) sees it; resumable from any version, served by any
     * replica. The stream ends after the update that finishes or abandons the
     * match (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    public void watchMatch(dev.cardroom.v1.WatchMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchUpdate> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getWatchMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Asks for a rematch of a finished match, with the caller's seat token of
     * that match: the first player to ask creates a new table with the same
     * game, options, table settings and players (its creator is that player;
     * bots come back at their seats); every other player's old seat is held for
     * it until the rematch window ends, and it accepts by asking too. Each
     * player gets a new seat token at its old seat; asking again answers the
     * same seat and token.
     * </pre>
     */
    public void rematchMatch(dev.cardroom.v1.RematchMatchRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.RematchMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRematchMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Reads the log of a match for replays. Hidden details (cards drawn face
     * down) appear only once the match is finished, and before that only to
     * the seat that saw them (AIP-136).
     * </pre>
     */
    public void getMatchLog(dev.cardroom.v1.GetMatchLogRequest request,
        io.grpc.stub.StreamObserver<dev.cardroom.v1.GetMatchLogResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetMatchLogMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A realtime play session on one bidirectional stream: the client's first
     * message opens it (`PlayRequest.open`: the match, the seat token or none
     * for a spectator, the version to resume after); every later message is an
     * action of that seat (`PlayRequest.action`), answered in the stream by its
     * outcome (`PlayResponse.outcome`: accepted with its version, or refused
     * with the status and ErrorInfo reason SubmitAction gives; a refusal never
     * ends the session). The server pushes every committed update after the
     * opening version as the seat sees it (`PlayResponse.update`, the
     * WatchMatch message), and an accepted outcome only after the update of its
     * version. Resumable from the last version seen, served by any replica; it
     * ends after the update that finishes or abandons the match. Over HTTP the
     * same messages travel as proto3 JSON on the WebSocket `/v1/play`.
     * </pre>
     */
    public io.grpc.stub.StreamObserver<dev.cardroom.v1.PlayRequest> play(
        io.grpc.stub.StreamObserver<dev.cardroom.v1.PlayResponse> responseObserver) {
      return io.grpc.stub.ClientCalls.asyncBidiStreamingCall(
          getChannel().newCall(getPlayMethod(), getCallOptions()), responseObserver);
    }
  }

  /**
   * A stub to allow clients to do synchronous rpc calls to service GameService.
   * <pre>
   * Hosts matches of the catalog's games for any frontend. Stateless: any
   * replica serves any call.
   * </pre>
   */
  public static final class GameServiceBlockingV2Stub
      extends io.grpc.stub.AbstractBlockingStub<GameServiceBlockingV2Stub> {
    private GameServiceBlockingV2Stub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceBlockingV2Stub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceBlockingV2Stub(channel, callOptions);
    }

    /**
     * <pre>
     * Lists the game types of the catalog (AIP-132).
     * </pre>
     */
    public dev.cardroom.v1.ListGamesResponse listGames(dev.cardroom.v1.ListGamesRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getListGamesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gets one game type with its player counts and house-rule options (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    public dev.cardroom.v1.Game getGame(dev.cardroom.v1.GetGameRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getGetGameMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Creates a match (a table) of a game with the caller seated as its creator
     * (`Match.creator_seat`), and returns the creator's seat token (AIP-133).
     * </pre>
     */
    public dev.cardroom.v1.CreateMatchResponse createMatch(dev.cardroom.v1.CreateMatchRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getCreateMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gets a match as the caller's seat (or a spectator) sees it (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public dev.cardroom.v1.MatchState getMatch(dev.cardroom.v1.GetMatchRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getGetMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Lists the open tables of a game: matches waiting for players (AIP-132).
     * </pre>
     */
    public dev.cardroom.v1.ListMatchesResponse listMatches(dev.cardroom.v1.ListMatchesRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getListMatchesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes a free seat of a waiting match and returns its seat token (AIP-136).
     * </pre>
     */
    public dev.cardroom.v1.JoinMatchResponse joinMatch(dev.cardroom.v1.JoinMatchRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getJoinMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gives up the caller's seat. While the match is waiting the seat becomes
     * free again and the caller's token stops working; the creator leaving
     * abandons the match. In a started match the seat is forfeited to the
     * server: it plays the seat's default actions (or a bot, with
     * `TableSettings.absent_bot_level`) to the end, the token stops working and
     * the result lists the seat in `left_seats` (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public dev.cardroom.v1.MatchState leaveMatch(dev.cardroom.v1.LeaveMatchRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getLeaveMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Starts a waiting match; only its creator may, and only with a number of
     * players the game allows. Empty seats are closed up, keeping the players'
     * order around the table, so seat numbers may change here; seat tokens stay
     * valid (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public dev.cardroom.v1.MatchState startMatch(dev.cardroom.v1.StartMatchRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getStartMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Submits one action for the caller's seat and returns the new state as that
     * seat sees it, with the events the action caused (AIP-136).
     * </pre>
     */
    public dev.cardroom.v1.SubmitActionResponse submitAction(dev.cardroom.v1.SubmitActionRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getSubmitActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Streams every committed update of a match after a version, as the caller's
     * seat (or a spectator) sees it; resumable from any version, served by any
     * replica. The stream ends after the update that finishes or abandons the
     * match (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    @io.grpc.ExperimentalApi("https://github.com/grpc/grpc-java/issues/10918")
    public io.grpc.stub.BlockingClientCall<?, dev.cardroom.v1.MatchUpdate>
        watchMatch(dev.cardroom.v1.WatchMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingV2ServerStreamingCall(
          getChannel(), getWatchMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Asks for a rematch of a finished match, with the caller's seat token of
     * that match: the first player to ask creates a new table with the same
     * game, options, table settings and players (its creator is that player;
     * bots come back at their seats); every other player's old seat is held for
     * it until the rematch window ends, and it accepts by asking too. Each
     * player gets a new seat token at its old seat; asking again answers the
     * same seat and token.
     * </pre>
     */
    public dev.cardroom.v1.RematchMatchResponse rematchMatch(dev.cardroom.v1.RematchMatchRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getRematchMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Reads the log of a match for replays. Hidden details (cards drawn face
     * down) appear only once the match is finished, and before that only to
     * the seat that saw them (AIP-136).
     * </pre>
     */
    public dev.cardroom.v1.GetMatchLogResponse getMatchLog(dev.cardroom.v1.GetMatchLogRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getGetMatchLogMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A realtime play session on one bidirectional stream: the client's first
     * message opens it (`PlayRequest.open`: the match, the seat token or none
     * for a spectator, the version to resume after); every later message is an
     * action of that seat (`PlayRequest.action`), answered in the stream by its
     * outcome (`PlayResponse.outcome`: accepted with its version, or refused
     * with the status and ErrorInfo reason SubmitAction gives; a refusal never
     * ends the session). The server pushes every committed update after the
     * opening version as the seat sees it (`PlayResponse.update`, the
     * WatchMatch message), and an accepted outcome only after the update of its
     * version. Resumable from the last version seen, served by any replica; it
     * ends after the update that finishes or abandons the match. Over HTTP the
     * same messages travel as proto3 JSON on the WebSocket `/v1/play`.
     * </pre>
     */
    @io.grpc.ExperimentalApi("https://github.com/grpc/grpc-java/issues/10918")
    public io.grpc.stub.BlockingClientCall<dev.cardroom.v1.PlayRequest, dev.cardroom.v1.PlayResponse>
        play() {
      return io.grpc.stub.ClientCalls.blockingBidiStreamingCall(
          getChannel(), getPlayMethod(), getCallOptions());
    }
  }

  /**
   * A stub to allow clients to do limited synchronous rpc calls to service GameService.
   * <pre>
   * Hosts matches of the catalog's games for any frontend. Stateless: any
   * replica serves any call.
   * </pre>
   */
  public static final class GameServiceBlockingStub
      extends io.grpc.stub.AbstractBlockingStub<GameServiceBlockingStub> {
    private GameServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Lists the game types of the catalog (AIP-132).
     * </pre>
     */
    public dev.cardroom.v1.ListGamesResponse listGames(dev.cardroom.v1.ListGamesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListGamesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gets one game type with its player counts and house-rule options (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    public dev.cardroom.v1.Game getGame(dev.cardroom.v1.GetGameRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetGameMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Creates a match (a table) of a game with the caller seated as its creator
     * (`Match.creator_seat`), and returns the creator's seat token (AIP-133).
     * </pre>
     */
    public dev.cardroom.v1.CreateMatchResponse createMatch(dev.cardroom.v1.CreateMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getCreateMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gets a match as the caller's seat (or a spectator) sees it (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public dev.cardroom.v1.MatchState getMatch(dev.cardroom.v1.GetMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Lists the open tables of a game: matches waiting for players (AIP-132).
     * </pre>
     */
    public dev.cardroom.v1.ListMatchesResponse listMatches(dev.cardroom.v1.ListMatchesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListMatchesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes a free seat of a waiting match and returns its seat token (AIP-136).
     * </pre>
     */
    public dev.cardroom.v1.JoinMatchResponse joinMatch(dev.cardroom.v1.JoinMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getJoinMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gives up the caller's seat. While the match is waiting the seat becomes
     * free again and the caller's token stops working; the creator leaving
     * abandons the match. In a started match the seat is forfeited to the
     * server: it plays the seat's default actions (or a bot, with
     * `TableSettings.absent_bot_level`) to the end, the token stops working and
     * the result lists the seat in `left_seats` (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public dev.cardroom.v1.MatchState leaveMatch(dev.cardroom.v1.LeaveMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getLeaveMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Starts a waiting match; only its creator may, and only with a number of
     * players the game allows. Empty seats are closed up, keeping the players'
     * order around the table, so seat numbers may change here; seat tokens stay
     * valid (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public dev.cardroom.v1.MatchState startMatch(dev.cardroom.v1.StartMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getStartMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Submits one action for the caller's seat and returns the new state as that
     * seat sees it, with the events the action caused (AIP-136).
     * </pre>
     */
    public dev.cardroom.v1.SubmitActionResponse submitAction(dev.cardroom.v1.SubmitActionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSubmitActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Streams every committed update of a match after a version, as the caller's
     * seat (or a spectator) sees it; resumable from any version, served by any
     * replica. The stream ends after the update that finishes or abandons the
     * match (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    public java.util.Iterator<dev.cardroom.v1.MatchUpdate> watchMatch(
        dev.cardroom.v1.WatchMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getWatchMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Asks for a rematch of a finished match, with the caller's seat token of
     * that match: the first player to ask creates a new table with the same
     * game, options, table settings and players (its creator is that player;
     * bots come back at their seats); every other player's old seat is held for
     * it until the rematch window ends, and it accepts by asking too. Each
     * player gets a new seat token at its old seat; asking again answers the
     * same seat and token.
     * </pre>
     */
    public dev.cardroom.v1.RematchMatchResponse rematchMatch(dev.cardroom.v1.RematchMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRematchMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Reads the log of a match for replays. Hidden details (cards drawn face
     * down) appear only once the match is finished, and before that only to
     * the seat that saw them (AIP-136).
     * </pre>
     */
    public dev.cardroom.v1.GetMatchLogResponse getMatchLog(dev.cardroom.v1.GetMatchLogRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetMatchLogMethod(), getCallOptions(), request);
    }
  }

  /**
   * A stub to allow clients to do ListenableFuture-style rpc calls to service GameService.
   * <pre>
   * Hosts matches of the catalog's games for any frontend. Stateless: any
   * replica serves any call.
   * </pre>
   */
  public static final class GameServiceFutureStub
      extends io.grpc.stub.AbstractFutureStub<GameServiceFutureStub> {
    private GameServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Lists the game types of the catalog (AIP-132).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.ListGamesResponse> listGames(
        dev.cardroom.v1.ListGamesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListGamesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Gets one game type with its player counts and house-rule options (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.Game> getGame(
        dev.cardroom.v1.GetGameRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetGameMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Creates a match (a table) of a game with the caller seated as its creator
     * (`Match.creator_seat`), and returns the creator's seat token (AIP-133).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.CreateMatchResponse> createMatch(
        dev.cardroom.v1.CreateMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getCreateMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Gets a match as the caller's seat (or a spectator) sees it (AIP-131).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.MatchState> getMatch(
        dev.cardroom.v1.GetMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Lists the open tables of a game: matches waiting for players (AIP-132).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.ListMatchesResponse> listMatches(
        dev.cardroom.v1.ListMatchesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListMatchesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Takes a free seat of a waiting match and returns its seat token (AIP-136).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.JoinMatchResponse> joinMatch(
        dev.cardroom.v1.JoinMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getJoinMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Gives up the caller's seat. While the match is waiting the seat becomes
     * free again and the caller's token stops working; the creator leaving
     * abandons the match. In a started match the seat is forfeited to the
     * server: it plays the seat's default actions (or a bot, with
     * `TableSettings.absent_bot_level`) to the end, the token stops working and
     * the result lists the seat in `left_seats` (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.MatchState> leaveMatch(
        dev.cardroom.v1.LeaveMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getLeaveMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Starts a waiting match; only its creator may, and only with a number of
     * players the game allows. Empty seats are closed up, keeping the players'
     * order around the table, so seat numbers may change here; seat tokens stay
     * valid (AIP-136).
     * buf:lint:ignore RPC_RESPONSE_STANDARD_NAME
     * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.MatchState> startMatch(
        dev.cardroom.v1.StartMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getStartMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Submits one action for the caller's seat and returns the new state as that
     * seat sees it, with the events the action caused (AIP-136).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.SubmitActionResponse> submitAction(
        dev.cardroom.v1.SubmitActionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSubmitActionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Asks for a rematch of a finished match, with the caller's seat token of
     * that match: the first player to ask creates a new table with the same
     * game, options, table settings and players (its creator is that player;
     * bots come back at their seats); every other player's old seat is held for
     * it until the rematch window ends, and it accepts by asking too. Each
     * player gets a new seat token at its old seat; asking again answers the
     * same seat and token.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.RematchMatchResponse> rematchMatch(
        dev.cardroom.v1.RematchMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRematchMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Reads the log of a match for replays. Hidden details (cards drawn face
     * down) appear only once the match is finished, and before that only to
     * the seat that saw them (AIP-136).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.cardroom.v1.GetMatchLogResponse> getMatchLog(
        dev.cardroom.v1.GetMatchLogRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetMatchLogMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_LIST_GAMES = 0;
  private static final int METHODID_GET_GAME = 1;
  private static final int METHODID_CREATE_MATCH = 2;
  private static final int METHODID_GET_MATCH = 3;
  private static final int METHODID_LIST_MATCHES = 4;
  private static final int METHODID_JOIN_MATCH = 5;
  private static final int METHODID_LEAVE_MATCH = 6;
  private static final int METHODID_START_MATCH = 7;
  private static final int METHODID_SUBMIT_ACTION = 8;
  private static final int METHODID_WATCH_MATCH = 9;
  private static final int METHODID_REMATCH_MATCH = 10;
  private static final int METHODID_GET_MATCH_LOG = 11;
  private static final int METHODID_PLAY = 12;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final AsyncService serviceImpl;
    private final int methodId;

    MethodHandlers(AsyncService serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_LIST_GAMES:
          serviceImpl.listGames((dev.cardroom.v1.ListGamesRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.ListGamesResponse>) responseObserver);
          break;
        case METHODID_GET_GAME:
          serviceImpl.getGame((dev.cardroom.v1.GetGameRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.Game>) responseObserver);
          break;
        case METHODID_CREATE_MATCH:
          serviceImpl.createMatch((dev.cardroom.v1.CreateMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.CreateMatchResponse>) responseObserver);
          break;
        case METHODID_GET_MATCH:
          serviceImpl.getMatch((dev.cardroom.v1.GetMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState>) responseObserver);
          break;
        case METHODID_LIST_MATCHES:
          serviceImpl.listMatches((dev.cardroom.v1.ListMatchesRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.ListMatchesResponse>) responseObserver);
          break;
        case METHODID_JOIN_MATCH:
          serviceImpl.joinMatch((dev.cardroom.v1.JoinMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.JoinMatchResponse>) responseObserver);
          break;
        case METHODID_LEAVE_MATCH:
          serviceImpl.leaveMatch((dev.cardroom.v1.LeaveMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState>) responseObserver);
          break;
        case METHODID_START_MATCH:
          serviceImpl.startMatch((dev.cardroom.v1.StartMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchState>) responseObserver);
          break;
        case METHODID_SUBMIT_ACTION:
          serviceImpl.submitAction((dev.cardroom.v1.SubmitActionRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.SubmitActionResponse>) responseObserver);
          break;
        case METHODID_WATCH_MATCH:
          serviceImpl.watchMatch((dev.cardroom.v1.WatchMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.MatchUpdate>) responseObserver);
          break;
        case METHODID_REMATCH_MATCH:
          serviceImpl.rematchMatch((dev.cardroom.v1.RematchMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.RematchMatchResponse>) responseObserver);
          break;
        case METHODID_GET_MATCH_LOG:
          serviceImpl.getMatchLog((dev.cardroom.v1.GetMatchLogRequest) request,
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.GetMatchLogResponse>) responseObserver);
          break;
        default:
          throw new AssertionError();
      }
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public io.grpc.stub.StreamObserver<Req> invoke(
        io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_PLAY:
          return (io.grpc.stub.StreamObserver<Req>) serviceImpl.play(
              (io.grpc.stub.StreamObserver<dev.cardroom.v1.PlayResponse>) responseObserver);
        default:
          throw new AssertionError();
      }
    }
  }

  public static final io.grpc.ServerServiceDefinition bindService(AsyncService service) {
    return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
        .addMethod(
          getListGamesMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.ListGamesRequest,
              dev.cardroom.v1.ListGamesResponse>(
                service, METHODID_LIST_GAMES)))
        .addMethod(
          getGetGameMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.GetGameRequest,
              dev.cardroom.v1.Game>(
                service, METHODID_GET_GAME)))
        .addMethod(
          getCreateMatchMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.CreateMatchRequest,
              dev.cardroom.v1.CreateMatchResponse>(
                service, METHODID_CREATE_MATCH)))
        .addMethod(
          getGetMatchMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.GetMatchRequest,
              dev.cardroom.v1.MatchState>(
                service, METHODID_GET_MATCH)))
        .addMethod(
          getListMatchesMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.ListMatchesRequest,
              dev.cardroom.v1.ListMatchesResponse>(
                service, METHODID_LIST_MATCHES)))
        .addMethod(
          getJoinMatchMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.JoinMatchRequest,
              dev.cardroom.v1.JoinMatchResponse>(
                service, METHODID_JOIN_MATCH)))
        .addMethod(
          getLeaveMatchMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.LeaveMatchRequest,
              dev.cardroom.v1.MatchState>(
                service, METHODID_LEAVE_MATCH)))
        .addMethod(
          getStartMatchMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.StartMatchRequest,
              dev.cardroom.v1.MatchState>(
                service, METHODID_START_MATCH)))
        .addMethod(
          getSubmitActionMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.SubmitActionRequest,
              dev.cardroom.v1.SubmitActionResponse>(
                service, METHODID_SUBMIT_ACTION)))
        .addMethod(
          getWatchMatchMethod(),
          io.grpc.stub.ServerCalls.asyncServerStreamingCall(
            new MethodHandlers<
              dev.cardroom.v1.WatchMatchRequest,
              dev.cardroom.v1.MatchUpdate>(
                service, METHODID_WATCH_MATCH)))
        .addMethod(
          getRematchMatchMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.RematchMatchRequest,
              dev.cardroom.v1.RematchMatchResponse>(
                service, METHODID_REMATCH_MATCH)))
        .addMethod(
          getGetMatchLogMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              dev.cardroom.v1.GetMatchLogRequest,
              dev.cardroom.v1.GetMatchLogResponse>(
                service, METHODID_GET_MATCH_LOG)))
        .addMethod(
          getPlayMethod(),
          io.grpc.stub.ServerCalls.asyncBidiStreamingCall(
            new MethodHandlers<
              dev.cardroom.v1.PlayRequest,
              dev.cardroom.v1.PlayResponse>(
                service, METHODID_PLAY)))
        .build();
  }

  private static abstract class GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    GameServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return dev.cardroom.v1.GameServiceProto.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("GameService");
    }
  }

  private static final class GameServiceFileDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier {
    GameServiceFileDescriptorSupplier() {}
  }

  private static final class GameServiceMethodDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final java.lang.String methodName;

    GameServiceMethodDescriptorSupplier(java.lang.String methodName) {
      this.methodName = methodName;
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.MethodDescriptor getMethodDescriptor() {
      return getServiceDescriptor().findMethodByName(methodName);
    }
  }

  private static volatile io.grpc.ServiceDescriptor serviceDescriptor;

  public static io.grpc.ServiceDescriptor getServiceDescriptor() {
    io.grpc.ServiceDescriptor result = serviceDescriptor;
    if (result == null) {
      synchronized (GameServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new GameServiceFileDescriptorSupplier())
              .addMethod(getListGamesMethod())
              .addMethod(getGetGameMethod())
              .addMethod(getCreateMatchMethod())
              .addMethod(getGetMatchMethod())
              .addMethod(getListMatchesMethod())
              .addMethod(getJoinMatchMethod())
              .addMethod(getLeaveMatchMethod())
              .addMethod(getStartMatchMethod())
              .addMethod(getSubmitActionMethod())
              .addMethod(getWatchMatchMethod())
              .addMethod(getRematchMatchMethod())
              .addMethod(getGetMatchLogMethod())
              .addMethod(getPlayMethod())
              .build();
        }
      }
    }
    return result;
  }
}
